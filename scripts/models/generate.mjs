// Writes (--write) or checks (default) the models each language client generates from
// packages/contract/openapi.json. Every emitter in ./emitters/<language>.mjs exports
// `emit(model)`, which answers the files it owns as { path relative to the repo: text }, and
// `owns`, the folder (or list of folders) whose every file it writes (a stale file left there
// fails the check).
//   node scripts/models/generate.mjs [--write] [language ...]
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadApiModel } from './openapi-model.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const write = process.argv.includes('--write');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const emitterDir = fileURLToPath(new URL('./emitters', import.meta.url));
// Git keeps no empty folder: a checkout without any emitter yet has no ./emitters at all.
const languages = (existsSync(emitterDir) ? readdirSync(emitterDir) : [])
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => file.slice(0, -'.mjs'.length))
  .filter((language) => only.length === 0 || only.includes(language));

const model = loadApiModel(join(root, 'packages/contract/openapi.json'));
let stale = 0;
for (const language of languages) {
  const emitter = await import(join(emitterDir, `${language}.mjs`));
  const files = emitter.emit(model);
  const owned = [emitter.owns].flat().map((folder) => join(root, folder));
  if (write) {
    for (const folder of owned) rmSync(folder, { recursive: true, force: true });
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    console.log(
      `wrote ${Object.keys(files).length} ${language} model files under ${[emitter.owns].flat().join(', ')}`,
    );
    continue;
  }
  const present = owned.flatMap((folder) =>
    existsSync(folder) ? listFiles(folder).map((file) => relative(root, file)) : [],
  );
  const problems = [
    ...Object.entries(files)
      .filter(
        ([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), 'utf8') !== text,
      )
      .map(([path]) => path),
    ...present.filter((path) => !(path in files)).map((path) => `${path} (not generated)`),
  ];
  if (problems.length > 0) {
    stale++;
    console.error(`${language} models are out of date: ${problems.slice(0, 5).join(', ')}`);
  } else {
    console.log(`${language} models are up to date`);
  }
}
if (stale > 0) {
  console.error('Run `pnpm models:write` and commit the result.');
  process.exit(1);
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
