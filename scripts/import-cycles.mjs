// Finds import cycles in the Python, PHP and Ruby packages, as Biome's noImportCycles does for
// TypeScript: `node scripts/import-cycles.mjs` prints each cycle and exits 1 when there is one.
// Python: `import` and `from … import` of the package's own modules, at any depth of a file (a
// function-level import closes a cycle all the same), except under `if TYPE_CHECKING:`.
// PHP: `use Rankquill\…` statements and `extends`/`implements` of a class of the same namespace.
// Ruby: `require_relative` and `require "rankquill/…"`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Files under `root` whose names end in `ext`, sorted. */
function filesUnder(root, ext) {
  const found = [];
  for (const name of readdirSync(root).sort()) {
    const path = join(root, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, ext));
    else if (name.endsWith(ext)) found.push(path);
  }
  return found;
}

/**
 * The module graph of a Python package: module name -> modules it imports.
 * @param {string} packageDir the folder of the top-level package (`src/rankquill`)
 */
export function pythonGraph(packageDir) {
  const top = packageDir.split(sep).at(-1);
  const base = dirname(packageDir);
  const moduleOf = (file) => {
    const parts = relative(base, file).replace(/\.py$/, '').split(sep);
    if (parts.at(-1) === '__init__') parts.pop();
    return parts.join('.');
  };
  const modules = new Set(filesUnder(packageDir, '.py').map(moduleOf));
  const graph = new Map();
  for (const file of filesUnder(packageDir, '.py')) {
    const name = moduleOf(file);
    const isPackage = file.endsWith('__init__.py');
    const edges = new Set();
    const add = (target) => {
      if (target !== name && modules.has(target)) edges.add(target);
    };
    let typeCheckingIndent = -1;
    let inString = false;
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let index = 0; index < lines.length; index++) {
      let line = lines[index];
      // Docstrings hold examples (`from rankquill import …`) that import nothing.
      const quotes = (line.match(/"""|'''/g) ?? []).length;
      if (inString || quotes > 0) {
        if (quotes % 2 === 1) inString = !inString;
        continue;
      }
      const indent = line.length - line.trimStart().length;
      if (typeCheckingIndent >= 0) {
        if (line.trim() === '' || indent > typeCheckingIndent) continue;
        typeCheckingIndent = -1;
      }
      if (/^\s*if\s+(typing\.)?TYPE_CHECKING\s*:/.test(line)) {
        typeCheckingIndent = indent;
        continue;
      }
      // A parenthesised import list goes on until its closing parenthesis.
      while (/^\s*from\s.*\(\s*[^)]*$/.test(line) && index + 1 < lines.length) line += lines[++index];
      const from = /^\s*from\s+(\.*)([\w.]*)\s+import\s+\(?([^)#]*)/.exec(line);
      if (from) {
        const [, dots, path, names] = from;
        let target;
        if (dots.length > 0) {
          const own = name.split('.');
          const anchor = isPackage ? own : own.slice(0, -1);
          const up = anchor.slice(0, anchor.length - (dots.length - 1));
          target = [...up, ...(path ? path.split('.') : [])].join('.');
        } else if (path === top || path.startsWith(`${top}.`)) target = path;
        else continue;
        let imported = false;
        for (const item of names.split(',')) {
          const member = item.trim().split(/\s+as\s+/)[0];
          if (member && modules.has(`${target}.${member}`)) {
            add(`${target}.${member}`);
            imported = true;
          }
        }
        if (!imported || modules.has(target)) add(target);
        continue;
      }
      const plain = /^\s*import\s+([\w.]+)/.exec(line);
      if (plain && (plain[1] === top || plain[1].startsWith(`${top}.`))) add(plain[1]);
    }
    graph.set(name, edges);
  }
  return graph;
}

/**
 * The class graph of a PHP library: class -> classes it names in `use` statements, and the
 * classes of its own namespace it extends or implements.
 * @param {string[]} sourceDirs PSR-4 roots of the `Rankquill\` namespace
 */
export function phpGraph(sourceDirs, prefix = 'Rankquill') {
  const graph = new Map();
  const classes = new Set();
  const files = sourceDirs.flatMap((dir) =>
    existsSync(dir) ? filesUnder(dir, '.php').map((file) => ({ dir, file })) : [],
  );
  const classOf = ({ dir, file }) =>
    `${prefix}\\${relative(dir, file)
      .replace(/\.php$/, '')
      .split(sep)
      .join('\\')}`;
  for (const entry of files) classes.add(classOf(entry));
  for (const entry of files) {
    const name = classOf(entry);
    const namespace = name.slice(0, name.lastIndexOf('\\'));
    const text = readFileSync(entry.file, 'utf8');
    const edges = new Set();
    for (const [, used] of text.matchAll(/^use\s+([\w\\]+)(?:\s+as\s+\w+)?;/gm)) {
      if (used !== name && classes.has(used)) edges.add(used);
    }
    for (const [, list] of text.matchAll(/\b(?:extends|implements)\s+([\w\\,\s]+?)\s*\{/g)) {
      for (const short of list.split(',').map((item) => item.trim())) {
        const full = `${namespace}\\${short}`;
        if (!short.includes('\\') && full !== name && classes.has(full)) edges.add(full);
      }
    }
    graph.set(name, edges);
  }
  return graph;
}

/**
 * The require graph of a Ruby library: file (from `lib`) -> files it requires.
 * @param {string} libDir the gem's `lib` folder
 */
export function rubyGraph(libDir) {
  const graph = new Map();
  const nameOf = (file) => relative(libDir, file).replace(/\.rb$/, '');
  const files = filesUnder(libDir, '.rb');
  const known = new Set(files.map(nameOf));
  for (const file of files) {
    const edges = new Set();
    for (const [, kind, path] of readFileSync(file, 'utf8').matchAll(
      /^\s*(require_relative|require)\s*\(?\s*["']([^"']+)["']/gm,
    )) {
      const target =
        kind === 'require'
          ? path
          : nameOf(resolve(dirname(file), path.endsWith('.rb') ? path : `${path}.rb`));
      if (known.has(target) && target !== nameOf(file)) edges.add(target);
    }
    graph.set(nameOf(file), edges);
  }
  return graph;
}

/** Every cycle of a graph, one per strongly connected component of two or more nodes, as a path. */
export function findCycles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.map((component) => cycleThrough(graph, new Set(component)));
}

/** One cycle inside a strongly connected component, starting at its first node by name. */
function cycleThrough(graph, members) {
  const start = [...members].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        for (let at = previous.get(node); at !== null; at = previous.get(at)) path.unshift(at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The cycles of the repository's Python, PHP and Ruby packages, by language. */
export function repositoryCycles(repo) {
  return {
    python: findCycles(pythonGraph(join(repo, 'packages/python/src/rankquill'))),
    php: findCycles(phpGraph([join(repo, 'packages/php/src'), join(repo, 'packages/php/generated')])),
    ruby: findCycles(rubyGraph(join(repo, 'packages/ruby/lib'))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  let found = 0;
  for (const [language, cycles] of Object.entries(repositoryCycles(repo))) {
    for (const cycle of cycles) console.log(`${language}: ${cycle.join(' -> ')}`);
    found += cycles.length;
  }
  console.log(found === 0 ? 'import cycles: none' : `import cycles: ${found}`);
  process.exit(found === 0 ? 0 : 1);
}
