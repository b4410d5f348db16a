// The folders of src/ import one way: no circle of folders, type-only imports included, and the same
// for the rooms of src/logging/. Reads every module's import and export-from specifiers, maps each to
// the folder below the root it lands in (a module at the root's top, such as src/index.ts or
// src/logging/logger.ts, is its own), and fails, naming each circle, when some folders reach each
// other. `--print` also prints which folder imports which.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const SRC = resolve('src');
/** Where one-way folders are kept: src/ and the logger's rooms. */
const ROOTS = [SRC, join(SRC, 'logging')];
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

const modules = (folder) =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });

/** The folder right below `root` a path lands in; a module at the root's top is its own. */
const folderOf = (root, path) =>
  relative(root, path)
    .split(sep)[0]
    .replace(/\.tsx?$/, '');

/** Which folder below `root` (default src/) imports which, through which module; imports leaving the root are not counted. */
export function folderImports(root = SRC) {
  const edges = new Map();
  for (const file of modules(root)) {
    const from = folderOf(root, file);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(root + sep)) continue;
      const to = folderOf(root, target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from).set(to, relative(SRC, file));
    }
  }
  return edges;
}

/** Every set of folders that reach each other (Tarjan's strongly connected components of two or more). */
export function circles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Prints the circles below `root` (and, with --print, every edge); returns how many there are. */
function check(root) {
  const edges = folderImports(root);
  const name = `${relative(resolve('.'), root)}/`;
  if (process.argv.includes('--print')) {
    for (const [from, tos] of [...edges].sort()) console.log(`${name}${from} → ${[...tos.keys()].sort().join(', ')}`);
  }
  const found = circles(edges);
  for (const circle of found) {
    console.log(`folders of ${name} that import each other: ${circle.join(', ')}`);
    for (const from of circle) {
      for (const [to, via] of edges.get(from) ?? []) if (circle.includes(to)) console.log(`  ${from} → ${to} (${via})`);
    }
  }
  console.log(found.length ? `${found.length} circle(s) of folders in ${name}` : `${name}: the folders import one way`);
  return found.length;
}

function main() {
  const found = ROOTS.map(check).reduce((a, b) => a + b, 0);
  process.exit(found ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
