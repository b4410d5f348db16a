// docs/glossary.md: one word a thing. The words it replaces are kept out of src/, code and comments.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'symbolicate' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The text as one line: a comment's line breaks and markers do not split a phrase. */
const flat = (text: string) => text.replace(/\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ');

/** Where `word` stands in src/ (outside symbolicate/, which reads source maps, not the product), with 40 characters before it. */
function standing(word: RegExp): string[] {
  return sources('src').flatMap((file) => {
    const text = flat(readFileSync(file, 'utf8'));
    return [...text.matchAll(word)].map((m) => `${file}: …${text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 8)}…`);
  });
}

test('"mode" names no authType and no build: only fetch\'s request mode and its credentials mode keep the word', () => {
  // fetch's terms: `mode:` in a RequestInit or attachShadow, `.mode`, a request's mode in preload.ts.
  const allowed = /(?:request|credentials) mode|\bmode:|\.mode\b|const mode\b|return mode\b|\bmode ===/;
  const found = standing(/\bmode\b/g).filter((place) => !allowed.test(place));
  assert.equal(found, []);
});

test('"base" alone names nothing: the API base is apiBase', () => {
  const found = standing(/\bbase\b/gi).filter((place) => !/\bAPI base.{0,8}…$/i.test(place));
  assert.equal(found, []);
});

test('"transport" names nothing: delivery is one word, in code and comments', () => {
  assert.equal(standing(/\btransport\b/gi), []);
});

test("the logger's settings are `settings` in src/logging/: `config` there would be the client configuration's word", () => {
  const found = standing(/\bconfig\b/g).filter((place) => place.startsWith(join('src', 'logging')));
  assert.equal(found, []);
});

test('the glossary names the words the code uses', () => {
  const glossary = readFileSync('docs/glossary.md', 'utf8');
  for (const word of [
    'authType',
    'apiBase',
    'shell status',
    'waiting call',
    'unsaved work',
    'notice',
    'sender',
    'delivery',
    'logger settings',
    '`tag`',
    'signed-in user',
    'state',
  ]) {
    assert.ok(glossary.includes(word), word);
  }
});

test("the client's signals are one `state`: no `_state` for them outside delivery's own state value", () => {
  const found = standing(/\b_state\b/g).filter((place) => !place.startsWith(join('src', 'logging', 'delivery')));
  assert.equal(found, []);
});

test('who is signed in is read in one place: the stored JWT is decoded only by src/session/signedInUser.ts', () => {
  const readers = standing(/readIdentity\(|readJwtPayload\(|readClaims\(/g).filter(
    (place) => !/^src\/auth\//.test(place) && !place.startsWith(join('src', 'session', 'signedInUser.ts')),
  );
  assert.equal(readers, []);
});

test.run();
