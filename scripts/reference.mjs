// docs/reference.md, made from the code: the exports, `window.EMWeb`, the `Client`, `client.state`,
// the bootstrap options, the strings, the storage keys and the shell's status, each member with the
// type the code declares and the doc comment it carries; the strings' and the storage keys' values
// as the code has them at run time. test/reference.test.ts makes the page again and compares.
// `node --import tsx scripts/reference.mjs` (npm run reference) writes it.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { STORAGE_KEYS } from '../src/product/constants.ts';
import { DEFAULT_STRINGS } from '../src/ui/strings.ts';

export const REFERENCE_PAGE = 'docs/reference.md';
const ENTRIES = ['src/index.ts', 'src/testing/index.ts', 'src/embed.ts', 'src/session/status.ts'];

function createProgram() {
  const { config } = ts.readConfigFile('tsconfig.json', (path) => readFileSync(path, 'utf8'));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, '.');
  return ts.createProgram(ENTRIES, options);
}

/** A table cell: one line, with the pipes of the text escaped. */
const cell = (text) => text.replace(/\s+/g, ' ').replaceAll('|', '\\|').trim();
const code = (text) => `\`${cell(text)}\``;
const table = (headers, rows) =>
  [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

function readers(program) {
  const checker = program.getTypeChecker();
  const doc = (symbol) => cell(ts.displayPartsToString(symbol.getDocumentationComment(checker)));
  const tag = (symbol, name) => {
    const found = symbol.getJsDocTags(checker).find((t) => t.name === name);
    return found ? cell(ts.displayPartsToString(found.text)) : '';
  };
  const file = (path) => {
    const source = program.getSourceFile(path);
    if (!source) throw new Error(`${path} is not in the program`);
    return source;
  };
  /** The declaration named `name` at the top of `path`. */
  const declared = (path, name) => {
    const found = file(path)
      .statements.flatMap((s) => (ts.isVariableStatement(s) ? s.declarationList.declarations : [s]))
      .find((s) => s.name?.text === name);
    if (!found) throw new Error(`${path} declares no ${name}`);
    return found;
  };
  const symbolOf = (node) => checker.getSymbolAtLocation(node.name);
  /** The members of a declared interface or type, its bases' first, each in the order the code writes them. */
  const members = (path, name, ownOnly = false) => {
    const node = declared(path, name);
    const all = checker.getPropertiesOfType(checker.getTypeAtLocation(node.name));
    const own = (symbol) => symbol.declarations?.some((d) => d.parent === node || d.parent?.parent === node);
    return [...(ownOnly ? [] : all.filter((s) => !own(s))), ...all.filter(own)];
  };
  return { checker, doc, tag, file, declared, symbolOf, members };
}

/** A member as a host calls or reads it: `fetch(path: string, init?: ClientFetchInit)` and its type. */
function memberShape(symbol) {
  const [declaration] = symbol.declarations ?? [];
  if (declaration && ts.isMethodSignature(declaration)) {
    const parameters = declaration.parameters.map((p) => p.getText()).join(', ');
    return [`${symbol.name}(${parameters})`, declaration.type?.getText() ?? 'void'];
  }
  return [symbol.name, declaration?.type?.getText() ?? ''];
}

function exportsTable(r, path) {
  const module = r.checker.getSymbolAtLocation(r.file(path));
  const rows = r.checker.getExportsOfModule(module).map((exported) => {
    const target = exported.flags & ts.SymbolFlags.Alias ? r.checker.getAliasedSymbol(exported) : exported;
    const kinds = [];
    if (target.flags & ts.SymbolFlags.Function) kinds.push('function');
    else if (target.flags & ts.SymbolFlags.Variable) kinds.push('const');
    if (target.flags & ts.SymbolFlags.Interface) kinds.push('interface');
    else if (target.flags & ts.SymbolFlags.TypeAlias) kinds.push('type');
    return [code(exported.name), kinds.join(', '), r.doc(target)];
  });
  return table(
    ['export', 'kind', 'what it is'],
    rows.sort(([a], [b]) => a.localeCompare(b)),
  );
}

function membersTable(r, path, name, first, ownOnly = false) {
  const rows = r.members(path, name, ownOnly).map((symbol) => {
    const [member, type] = memberShape(symbol);
    return [code(member), type ? code(type) : '', r.doc(symbol)];
  });
  return table([first, 'type', 'what it is'], rows);
}

/** The options of an options type, its own (not what it extends), with their defaults. */
function optionsTable(r, path, name) {
  const rows = r.members(path, name, true).map((symbol) => {
    const [, type] = memberShape(symbol);
    return [code(symbol.name), code(type), r.tag(symbol, 'defaultValue'), r.doc(symbol)];
  });
  return table(['option', 'type', 'default', 'what it is'], rows);
}

function stateTable(r) {
  const rows = r.members('src/state/clientState.ts', 'ClientState').map((symbol) => {
    const [, type] = memberShape(symbol);
    const value = /^ReadonlySignal<(.*)>$/.exec(type)?.[1] ?? type;
    return [code(symbol.name), code(value), r.doc(symbol)];
  });
  return table(['signal', '`.value`', 'what it is'], rows);
}

/** The doc comments of an object literal's properties, by name. */
function propertyDocs(r, path, name) {
  const statement = r.declared(path, name);
  const docs = new Map();
  const visit = (node) => {
    if (ts.isPropertyAssignment(node)) docs.set(node.name.getText(), r.doc(r.symbolOf(node)));
    else ts.forEachChild(node, visit);
  };
  visit(statement);
  return docs;
}

function stringsTable(r) {
  const docs = propertyDocs(r, 'src/ui/strings.ts', 'DEFAULT_STRINGS');
  const rows = Object.entries(DEFAULT_STRINGS).map(([key, text]) => [code(key), cell(text), docs.get(key) ?? '']);
  return table(['key', 'default', 'where it shows'], rows);
}

function storageTable(r) {
  const docs = propertyDocs(r, 'src/product/constants.ts', 'STORAGE_KEYS');
  const rows = Object.entries(STORAGE_KEYS).map(([name, key]) => [code(key), code(`STORAGE_KEYS.${name}`), docs.get(name) ?? '']);
  return table(['storage key', 'in the code', 'what it holds'], rows);
}

/** The shell's status: each tag of the union, its fields, and the line the type's comment gives it. */
function statusTable(r) {
  const alias = r.declared('src/session/status.ts', 'ShellStatus');
  const about = r.doc(r.symbolOf(alias));
  const rows = alias.type.types.map((member) => {
    const fields = member.members.filter((m) => m.name.getText() !== 'tag');
    const tagName = member.members
      .find((m) => m.name.getText() === 'tag')
      .type.getText()
      .slice(1, -1);
    const line = new RegExp(`- \`${tagName}\`: (.*?)(?= - \`\\w+\`:|$)`).exec(about)?.[1];
    if (!line) throw new Error(`ShellStatus's comment says nothing of \`${tagName}\``);
    return [code(tagName), fields.map((f) => code(f.getText().replace(/;$/, ''))).join(', '), line];
  });
  return table(['tag', 'fields', 'what the shell is doing'], rows);
}

/** The page, as the code now makes it. */
export function referencePage() {
  const r = readers(createProgram());
  return `# Reference

<!-- Made by \`npm run reference\` (scripts/reference.mjs) from the code and its doc comments: edit those, not this page. -->

Every table here is made from the code: the types as src/ declares them, each member's doc comment,
the strings and storage keys as the code holds them. A page that explains links here rather than
repeating a list. The API as a whole, signatures included, is recorded in \`api/emweb.api.md\` and
\`api/emweb-testing.api.md\` ([contributing.md](contributing.md#the-api-report)).

## \`emweb\` (the ESM build)

${exportsTable(r, 'src/index.ts')}

## \`emweb/testing\`

${exportsTable(r, 'src/testing/index.ts')}

## \`window.EMWeb\` (the script tag)

${membersTable(r, 'src/embed.ts', 'EMWebGlobal', 'member')}

## \`bootstrap\` options

\`bootstrap(options)\`: every option is optional.

${optionsTable(r, 'src/client/types.ts', 'BootstrapOptions')}

## \`Client\`

What \`bootstrap\` resolves to.

${membersTable(r, 'src/types/client.ts', 'Client', 'member')}

### \`client.fetch\`'s \`init\`

fetch's own \`RequestInit\`, plus:

${optionsTable(r, 'src/api/clientFetch.ts', 'ClientFetchInit')}

## \`client.state\`

${stateTable(r)}

## Strings

\`{name}\` is filled in when the text is shown.

${stringsTable(r)}

## Storage keys

${storageTable(r)}

## The shell's status

What the shell is doing, one value at a time (src/session/status.ts).

${statusTable(r)}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(REFERENCE_PAGE, referencePage());
  console.log(`${REFERENCE_PAGE} written from the code`);
}
