import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findCycles,
  phpGraph,
  pythonGraph,
  repositoryCycles,
  rubyGraph,
} from '../../scripts/import-cycles.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'rankquill-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>, root: string): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('import cycles', () => {
  it('none in the Python, PHP and Ruby packages (Biome checks TypeScript)', () => {
    expect(repositoryCycles(repo)).toEqual({ python: [], php: [], ruby: [] });
  });

  it('finds a Python cycle closed by a function-level relative import, not a type-only one', () => {
    const root = write(
      {
        'pkg/__init__.py': 'from .receiver import Receiver\n',
        'pkg/receiver.py': 'from .adapters import wsgi\n\nclass Receiver: ...\n',
        'pkg/adapters/__init__.py': '',
        'pkg/adapters/wsgi.py':
          'from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..receiver import Receiver\n\n' +
          'def app():\n    """Example:\n\n    from pkg.receiver import Receiver\n    """\n' +
          '    from ..receiver import (\n        Receiver,\n    )\n',
        'pkg/plain.py': 'import pkg.receiver\n',
      },
      join(dir, 'python'),
    );
    expect(findCycles(pythonGraph(join(root, 'pkg')))).toEqual([
      ['pkg.adapters.wsgi', 'pkg.receiver', 'pkg.adapters.wsgi'],
    ]);
    writeFileSync(
      join(root, 'pkg/adapters/wsgi.py'),
      'if TYPE_CHECKING:\n    from ..receiver import Receiver\n',
    );
    expect(findCycles(pythonGraph(join(root, 'pkg')))).toEqual([]);
  });

  it('finds a PHP cycle of use statements and same-namespace extends', () => {
    const root = write(
      {
        'src/Client.php':
          '<?php\nnamespace Rankquill;\nuse Rankquill\\Service\\Base;\nfinal class Client {}\n',
        'src/Service/Base.php':
          '<?php\nnamespace Rankquill\\Service;\nuse Rankquill\\Wrapper;\nabstract class Base {}\n',
        'src/Service/Projects.php':
          '<?php\nnamespace Rankquill\\Service;\nfinal class Projects extends Base {\n}\n',
        'src/Wrapper.php':
          '<?php\nnamespace Rankquill;\nuse Rankquill\\Service\\Projects;\nfinal class Wrapper {}\n',
      },
      join(dir, 'php'),
    );
    expect(findCycles(phpGraph([join(root, 'src')]))).toEqual([
      [
        'Rankquill\\Service\\Base',
        'Rankquill\\Wrapper',
        'Rankquill\\Service\\Projects',
        'Rankquill\\Service\\Base',
      ],
    ]);
  });

  it('finds a Ruby cycle of require_relative and require', () => {
    const root = write(
      {
        'lib/gem.rb': 'require_relative "gem/a"\n',
        'lib/gem/a.rb': 'require_relative "b"\n',
        'lib/gem/b.rb': 'require "gem/a"\nrequire "json"\n',
      },
      join(dir, 'ruby'),
    );
    expect(findCycles(rubyGraph(join(root, 'lib')))).toEqual([['gem/a', 'gem/b', 'gem/a']]);
  });
});
