// A function reads in one screen: none in src/logging/ or src/client/ (the two folders that grew
// longest ones) is longer than 80 lines, counted from its first line to its closing brace.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const MAX_LINES = 80;

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** Each function of `text` longer than `max` lines, as `file:line name (lines)`. */
function longFunctions(file: string, text: string, max: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const long: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const lines = source.getLineAndCharacterOfPosition(node.end).line - first + 1;
      const name = node.name ? node.name.getText(source) : '(anonymous)';
      if (lines > max) long.push(`${file}:${first + 1} ${name} (${lines})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

test(`no function in src/logging/ or src/client/ is longer than ${MAX_LINES} lines`, () => {
  const files = [...sources(join('src', 'logging')), ...sources(join('src', 'client'))];
  assert.ok(files.length > 30, 'the check reads the folders');
  assert.equal(
    files.flatMap((file) => longFunctions(file, readFileSync(file, 'utf8'), MAX_LINES)),
    [],
  );
});

test('the count sees a long function, and an arrow function too', () => {
  const body = Array.from({ length: 5 }, (_, i) => `  const a${i} = ${i};`).join('\n');
  const text = `function long() {\n${body}\n}\nconst short = () => 1;\nconst arrow = () => {\n${body}\n};\n`;
  assert.equal(longFunctions('x.ts', text, 6), ['x.ts:1 long (7)', 'x.ts:9 (anonymous) (7)']);
});

test.run();
