// docs/size.md's rule for names, kept: a record of src/ has `_` names (the build shortens them) or
// plain names, never both; and a union of records is told apart by one key, `tag`, except the
// messages tabs post to each other, which keep their wire name `type`. Read with TypeScript's own
// parser and checker, so that a search for either finds every place.
import { relative } from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const config = ts.getParsedCommandLineOfConfigFile(
  'tsconfig.json',
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
if (!config) throw new Error('tsconfig.json cannot be read');
const sources = config.fileNames.filter((file) => relative('src', file).split('/')[0] !== '..');
const program = ts.createProgram(sources, config.options);
const checker = program.getTypeChecker();
const ours = program.getSourceFiles().filter((file) => sources.includes(file.fileName));

const where = (node: ts.Node) => {
  const file = node.getSourceFile();
  return `${relative('.', file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};

/** Calls `visit` on every node of src/. */
function eachNode(visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node) => {
    visit(node);
    ts.forEachChild(node, walk);
  };
  for (const file of ours) walk(file);
}

/** The names a record declares or writes: an interface, a type literal, an object literal. */
function namesOf(node: ts.Node): string[] | null {
  const members =
    ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)
      ? node.members
      : ts.isObjectLiteralExpression(node)
        ? node.properties
        : null;
  if (!members) return null;
  return members.flatMap((member) => (member.name && ts.isIdentifier(member.name) ? [member.name.text] : []));
}

/** Records of src/ that mix `_` names and plain ones, with where they are. */
function mixedRecords(): string[] {
  const mixed: string[] = [];
  eachNode((node) => {
    const names = namesOf(node);
    if (!names) return;
    const short = names.filter((name) => /^_[^_]/.test(name));
    const plain = names.filter((name) => !name.startsWith('_'));
    if (short.length && plain.length) mixed.push(`${where(node)}: ${short.join(', ')} beside ${plain.join(', ')}`);
  });
  return mixed;
}

/** Properties every object of a union has, each with a string literal type: what tells them apart. */
function discriminants(union: ts.UnionType): string[] {
  const members = union.types.filter((type) => type.flags & ts.TypeFlags.Object);
  if (members.length < 2 || members.length !== union.types.length) return [];
  return checker
    .getPropertiesOfType(members[0]!)
    .map((property) => property.name)
    .filter((name) =>
      members.every((member) => {
        const property = member.getProperty(name);
        const type = property && checker.getTypeOfSymbol(property);
        return !!type && !!(type.flags & ts.TypeFlags.StringLiteral);
      }),
    );
}

/** The key each named union of records of src/ is told apart by, with where it is declared. */
function unionKeys(): { at: string; keys: string[] }[] {
  const found: { at: string; keys: string[] }[] = [];
  eachNode((node) => {
    if (!ts.isTypeAliasDeclaration(node)) return;
    const type = checker.getTypeAtLocation(node.name);
    if (!type.isUnion()) return;
    const keys = discriminants(type);
    if (keys.length) found.push({ at: `${where(node)} ${node.name.text}`, keys });
  });
  return found;
}

test('no record of src/ mixes `_` names (shortened by the build) and plain ones', () => {
  assert.equal(mixedRecords(), []);
});

test('the check sees a mixed record', () => {
  const file = ts.createSourceFile('x.ts', 'const parts = { _state: 1, runtime: 2 };', ts.ScriptTarget.Latest, true);
  let names: string[] | null = null;
  const walk = (node: ts.Node) => {
    names ??= namesOf(node);
    ts.forEachChild(node, walk);
  };
  walk(file);
  assert.equal(names, ['_state', 'runtime']);
});

test('a union of records is told apart by `tag`; the messages tabs post keep their wire name, `type`', () => {
  const found = unionKeys();
  const wire = /src\/(logging\/sender\/messages|tabs\/session)\.ts/;
  assert.ok(
    found.some(({ at }) => at.includes('ShellStatus')),
    "the check sees the shell's status",
  );
  assert.ok(
    found.some(({ at }) => at.includes('DeliveryState')),
    "the check sees delivery's state",
  );
  const otherwise = found.filter(({ at, keys }) => !(keys.includes(wire.test(at) ? 'type' : 'tag') && keys.length === 1));
  assert.equal(otherwise, []);
});

test.run();
