// Generators we did not write build clients from the document a real server serves, and each
// client runs the main flow against a real server: oapi-codegen and ogen (Go) and
// openapi-generator's Java client (okhttp-gson). Beside the TypeScript (openapi-typescript,
// tooling/test/openapi-peers.test.ts) and Python (openapi-python-client,
// packages/python/tests/test_openapi_peer.py) generators, which run in those suites.
//
//   node tooling/generators/run.mjs
//
// Needs the built CLI (`pnpm build`), Go and Java 17 with Maven. Nothing we did not write is
// committed: the Go generators and libraries are pinned in go/go.mod (fetched from the Go module
// proxy), openapi-generator's CLI jar by OPENAPI_GENERATOR below (from Maven Central, with the
// libraries its generated pom names). Downloads are cached under ~/.cache/rankquill/generators.
// The flows (go/oapi-codegen-flow, go/ogen-flow, java/Flow.java) each print one JSON line of what
// they saw; this script checks it. Per generator, three tests: it generates, the client compiles,
// the flow runs. Writes .test-results/generators.json ({passed, failed, skipped}) and ends with
// the plain line "generators: N passed, N failed".
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OPENAPI_GENERATOR = '7.25.0';
// The version the Java client's generated pom (7.25.0) uses, so that no second one is fetched.
const MAVEN_DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.6.1';
// Generous: a cold run compiles both Go generators and fetches every library, on a machine the
// language suites share.
const STEP_TIMEOUT_MS = 30 * 60_000;

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '../..');
const cli = join(repo, 'mock-server/dist/cli.js');
const cache = join(homedir(), '.cache/rankquill/generators');
const work = mkdtempSync(join(tmpdir(), 'rankquill-generators-'));
const resultsFile = join(repo, '.test-results/generators.json');
const goEnv = { GOMODCACHE: join(cache, 'go-mod'), GOTOOLCHAIN: 'local', GOFLAGS: '-buildvcs=false' };
const mavenRepo = `-Dmaven.repo.local=${join(cache, 'm2')}`;

const results = [];
const servers = [];
process.on('exit', () => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL');
});

const started = Date.now();
try {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`pnpm build\` first`);
  mkdirSync(cache, { recursive: true });
  // A server per flow, so that no flow sees another's project, deliveries or clock.
  const [first, second, third] = await Promise.all([startServer(), startServer(), startServer()]);
  const document = join(work, 'openapi.json');
  writeFileSync(document, await (await fetch(`${first.url}/openapi.json`)).text());
  cpSync(join(here, 'go'), join(work, 'go'), { recursive: true });
  mkdirSync(join(work, 'go/oapiclient'), { recursive: true });
  // The downloads, side by side with the other pipelines; each pipeline waits for its own.
  const goModules = run('go', ['mod', 'download'], { cwd: join(work, 'go'), env: goEnv });
  const jar = generatorJar();
  // Handled where they are awaited; this keeps a failure from ending the process before that.
  goModules.catch(() => {});
  jar.catch(() => {});
  const inGo = { cwd: join(work, 'go'), env: goEnv };
  await Promise.all([
    goPipeline('oapi-codegen', goModules, first, () =>
      run('go', ['tool', 'oapi-codegen', '-config', 'oapi-codegen.yaml', document], inGo),
    ),
    goPipeline('ogen', goModules, second, () =>
      run(
        'go',
        [
          'tool',
          'ogen',
          '--config',
          'ogen.yml',
          '--target',
          'ogenclient',
          '--package',
          'ogenclient',
          '--clean',
          document,
        ],
        inGo,
      ),
    ),
    javaPipeline(jar, document, third),
  ]);
} catch (error) {
  record('generators: set up (server, document, downloads)', error);
} finally {
  for (const server of servers) server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
mkdirSync(join(repo, '.test-results'), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify({ passed, failed, skipped: 0 })}\n`);
console.log(`\ngenerators took ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`generators: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/** One generator's three tests: it generates, its client compiles, the flow runs and sees what it should. */
async function pipeline(name, steps) {
  for (const [what, step] of steps) {
    const test = `${name}: ${what}`;
    const at = Date.now();
    try {
      const saw = await step();
      record(test, undefined, Date.now() - at);
      if (typeof saw === 'string' && saw.startsWith('saw ')) console.log(`  ${name} ${saw}`);
    } catch (error) {
      record(test, error, Date.now() - at);
      for (const [rest] of steps.slice(steps.findIndex(([label]) => label === what) + 1)) {
        record(`${name}: ${rest}`, new Error('not run: an earlier step failed'));
      }
      return;
    }
  }
}

function goPipeline(name, modules, server, generate) {
  const flow = `${name}-flow`;
  return pipeline(name, [
    [
      'generates a client from the served document',
      async () => {
        await modules;
        await generate();
      },
    ],
    [
      'the client and the flow compile',
      // -trimpath: the folder is new on every run, and without it Go's build cache keys the
      // generated package by its path, so a warm run would compile it again.
      () =>
        run('go', ['build', '-trimpath', '-o', join(work, 'bin', flow), `./${flow}`], {
          cwd: join(work, 'go'),
          env: goEnv,
        }),
    ],
    [
      'runs the main flow against the server',
      () => checkFlow(name, run(join(work, 'bin', flow), [server.url, server.key])),
    ],
  ]);
}

function javaPipeline(jar, document, server) {
  const project = join(work, 'java');
  return pipeline('openapi-generator (java, okhttp-gson)', [
    [
      'generates a client from the served document',
      async () => {
        await run('java', [
          '-jar',
          await jar,
          'generate',
          ...['-i', document, '-g', 'java', '--library', 'okhttp-gson', '-o', project],
          ...[
            '--api-package',
            'rankquill.api',
            '--model-package',
            'rankquill.model',
            '--invoker-package',
            'rankquill.client',
          ],
          // Fields a later version adds are read, not refused (its default refuses any field not
          // in the schema unless the schema says `additionalProperties`).
          '--additional-properties=disallowAdditionalPropertiesIfNotPresent=false',
          '--global-property=apiTests=false,modelTests=false,apiDocs=false,modelDocs=false',
        ]);
        mkdirSync(join(project, 'src/main/java/flow'), { recursive: true });
        cpSync(join(here, 'java/Flow.java'), join(project, 'src/main/java/flow/Flow.java'));
      },
    ],
    [
      'the client and the flow compile (Maven, the generated pom)',
      () =>
        run(
          'mvn',
          [
            '-B',
            '-q',
            mavenRepo,
            'compile',
            `${MAVEN_DEPENDENCY_PLUGIN}:build-classpath`,
            '-Dmdep.outputFile=classpath.txt',
            '-Dmdep.includeScope=runtime',
          ],
          { cwd: project },
        ),
    ],
    [
      'runs the main flow against the server',
      () => {
        const classpath = `${join(project, 'target/classes')}:${readFileSync(join(project, 'classpath.txt'), 'utf8').trim()}`;
        return checkFlow('java', run('java', ['-cp', classpath, 'flow.Flow', server.url, server.key]));
      },
    ],
  ]);
}

/** The CLI jar of openapi-generator from Maven Central, fetched once into the cache. */
async function generatorJar() {
  const jar = join(
    cache,
    `m2/org/openapitools/openapi-generator-cli/${OPENAPI_GENERATOR}/openapi-generator-cli-${OPENAPI_GENERATOR}.jar`,
  );
  if (!existsSync(jar)) {
    await run('mvn', [
      '-B',
      '-q',
      mavenRepo,
      `${MAVEN_DEPENDENCY_PLUGIN}:get`,
      `-Dartifact=org.openapitools:openapi-generator-cli:${OPENAPI_GENERATOR}`,
      '-Dtransitive=false',
    ]);
  }
  return jar;
}

/** Checks the JSON line a flow printed: the same expectations for every generator. */
async function checkFlow(name, running) {
  const output = await running;
  const seen = JSON.parse(output.trim().split('\n').at(-1));
  const problems = [];
  const expect = (what, ok) => ok || problems.push(`${what}: ${JSON.stringify(seen)}`);
  expect('lists projects', seen.projectsListed >= 1);
  expect('sets a webhook with its secret', seen.webhookSecretSet === true);
  expect('creates content, generating', seen.createdStatus === 'generating' && /^cnt_/.test(seen.createdId));
  expect('moves the manual clock', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(seen.clockMoved));
  expect('retrieves the draft the clock made', seen.retrievedStatus === 'draft');
  expect('reads a status a later version adds', seen.newStatusRead === 'archived');
  expect('lists the delivery of content.generated', seen.deliveryEvents?.includes('content.generated'));
  expect(
    'every delivery succeeded',
    seen.deliveryStatuses?.every((status) => status === 'succeeded'),
  );
  expect("the flow's receiver took content.generated", seen.receivedEvents?.includes('content.generated'));
  expect('exports CSV', seen.csvHeader?.startsWith('id,title,slug,'));
  expect('downloads the JSON bulk export, typed', seen.bulkObject === 'bulk_export');
  expect('the JSON bulk export holds the new article', seen.bulkArticles?.includes(seen.createdId));
  expect('downloads the ZIP bulk export as bytes', seen.zipMagic === 'PK' && seen.zipBytesMatch === true);
  expect(
    'a missing article is a typed 404',
    seen.notFoundStatus === 404 && seen.notFoundType === 'not_found_error',
  );
  if (problems.length > 0) throw new Error(`${name}'s flow saw something else:\n  ${problems.join('\n  ')}`);
  return `saw ${seen.retrievedStatus}, ${seen.bulkArticles.length} articles in the bulk export, a ${seen.notFoundStatus}`;
}

/** A server of our own on the manual clock, in memory, on an ephemeral port. */
async function startServer() {
  const server = spawn(
    process.execPath,
    [cli, 'serve', '--port', '0', '--db', ':memory:', '--clock', 'manual'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  servers.push(server);
  const ready = await new Promise((resolve, reject) => {
    let stdout = '';
    server.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(JSON.parse(stdout.slice(0, stdout.indexOf('\n'))));
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
  });
  server.stdout.resume();
  return { url: ready.url, key: ready.demo.api_key };
}

/** Runs a command; resolves with its standard output, rejects with its output when it fails. */
function run(command, args, { cwd = work, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), STEP_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else {
        const output = `${stdout}\n${stderr}`.trim().split('\n').slice(-40).join('\n');
        reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${output}`));
      }
    });
  });
}

function record(test, error, ms) {
  results.push({ test, ok: !error });
  const time = ms === undefined ? '' : ` (${(ms / 1000).toFixed(1)} s)`;
  console.log(`${error ? '✗' : '✓'} ${test}${time}`);
  if (error) console.log(`  ${String(error.message ?? error).replaceAll('\n', '\n  ')}`);
}
