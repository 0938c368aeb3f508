// Builds the API reference of each language as Markdown pages under <src>/reference/<language>,
// each with its language's own tool, side by side; any warning of a tool fails the build:
// - TypeScript: typedoc with typedoc-plugin-markdown (and the doc-comment check of
//   scripts/typedoc-doc-comments.mjs), from typedoc.json, its anchors mended for VitePress
//   (build/typescript-anchors.mjs);
// - Python: packages/python/scripts/reference.py (pdoc), in a venv of its own with pdoc and the
//   package's dependencies (the package itself from its source folder);
// - PHP: packages/php/scripts/reference.php (PHP's reflection);
// - Ruby: packages/ruby/scripts/reference.rb (YARD, Debian's `yard`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { mendAnchors } from './typescript-anchors.mjs';

/** Runs a command; rejects with its output when it fails. */
function run(label, command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${label} failed (exit ${code}):\n${output}`)),
    );
  });
}

function ensureDebianPackages(root, packages) {
  const result = spawnSync('bash', [join(root, 'scripts/debian-packages.sh'), ...packages], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`could not install ${packages.join(' ')}`);
}

/** A venv with pdoc and the Python package's dependencies; answers its python. */
async function pythonWithPdoc(root) {
  const venv = process.env.RANKQUILL_DOCS_VENV ?? join(homedir(), '.cache/rankquill/docs-venv');
  const python = join(venv, 'bin/python');
  const pyproject = readFileSync(join(root, 'packages/python/pyproject.toml'), 'utf8');
  const pdoc = /"(pdoc==[^"]+)"/.exec(pyproject)?.[1] ?? 'pdoc';
  const dependencies =
    /^dependencies = \[([\s\S]*?)\]/m
      .exec(pyproject)?.[1]
      .match(/"[^"]+"/g)
      ?.map((quoted) => quoted.slice(1, -1)) ?? [];
  if (!existsSync(python)) {
    ensureDebianPackages(root, ['python3', 'python3-venv']);
    await run('python venv', '/usr/bin/python3', ['-m', 'venv', venv]);
  }
  await run('pip install', python, [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    pdoc,
    ...dependencies,
  ]);
  return python;
}

/** Writes the four references; answers the sidebar entries of each. */
export async function buildReferences(root, src) {
  const out = (language) => join(src, 'reference', language);
  ensureDebianPackages(root, ['php-cli', 'php-curl', 'php-mbstring', 'php-sqlite3', 'ruby', 'yard']);
  const typedoc = join(root, 'node_modules/typedoc/bin/typedoc');
  const tasks = {
    typescript: run(
      'typedoc',
      process.execPath,
      [
        typedoc,
        '--plugin',
        'typedoc-plugin-markdown',
        '--plugin',
        './scripts/typedoc-doc-comments.mjs',
        '--out',
        out('typescript'),
        '--entryFileName',
        'index.md',
        // A page per package entry point, not per symbol: some 20 pages instead of 600.
        '--outputFileStrategy',
        'modules',
        '--hidePageHeader',
        '--useCodeBlocks',
      ],
      { cwd: root },
    ).then((output) => `${output}\ntypescript reference: ${mendAnchors(out('typescript'))} anchors mended`),
    python: pythonWithPdoc(root).then((python) =>
      run('python reference', python, [join(root, 'packages/python/scripts/reference.py'), out('python')], {
        cwd: root,
        env: { ...process.env, PYTHONPATH: join(root, 'packages/python/src') },
      }),
    ),
    php: run('php reference', 'php', [join(root, 'packages/php/scripts/reference.php'), out('php')], {
      cwd: root,
    }),
    ruby: run('ruby reference', 'ruby', [join(root, 'packages/ruby/scripts/reference.rb'), out('ruby')], {
      cwd: join(root, 'packages/ruby'),
    }),
  };
  // Every tool ends before a failure is reported, so none outlives the build.
  const settled = await Promise.allSettled(Object.values(tasks));
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  for (const { value: output } of settled) {
    const last = output.trim().split('\n').at(-1);
    if (last) console.log(`docs:build: ${last}`);
  }
  return referenceSidebar();
}

/**
 * The sidebar entries of the references. No group of the sidebar collapses: a collapsible group is
 * a button around links, which axe-core reports (nested-interactive).
 */
export function referenceSidebar() {
  const pages = (language, names) =>
    names.map(([name, text]) => ({ text, link: `/reference/${language}/${name === 'index' ? '' : name}` }));
  return [
    { text: 'TypeScript', link: '/reference/typescript/' },
    {
      text: 'Python',
      items: pages('python', [
        ['index', 'rankquill'],
        ['resources', 'Resources'],
        ['webhooks', 'rankquill.webhooks'],
        ['testing', 'rankquill.testing'],
        ['types', 'rankquill.types'],
      ]),
    },
    {
      text: 'PHP',
      items: pages('php', [
        ['index', 'Rankquill'],
        ['services', 'Services'],
        ['webhooks', 'Rankquill\\Webhooks'],
        ['testing', 'Rankquill\\Testing'],
        ['models', 'Rankquill\\Model'],
      ]),
    },
    {
      text: 'Ruby',
      items: pages('ruby', [
        ['index', 'Rankquill'],
        ['resources', 'Resources'],
        ['webhooks', 'Rankquill::Webhooks'],
        ['testing', 'Rankquill::Testing'],
        ['models', 'Rankquill::Models'],
      ]),
    },
  ];
}
