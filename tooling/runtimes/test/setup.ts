// Global setup of the runtime matrix: packs the published packages and installs them into a
// consumer project, and installs every runtime and tool (cached under ~/.cache/rankquill/runtimes),
// side by side. The tests get the result with `inject('matrix')`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { installIntoProject, packPackages, publishedPackages } from '../../support/packed-packages';
import { addApp } from './support/consumer-project';
import { compareVersions, floorOf, MATRIX_PACKAGES, type Matrix } from './support/matrix';
import {
  installBun,
  installDeno,
  installNode,
  installTools,
  nodeOfMajor,
  nodeVersionOf,
  readPins,
} from './support/runtimes';

export default async function setup(project: TestProject) {
  const started = Date.now();
  const pins = readPins();
  const dir = mkdtempSync(join(tmpdir(), 'rankquill-runtimes-'));
  const published = await publishedPackages();
  // The mock server runs from the workspace's build (the files it publishes): its many
  // dependencies would double the install, and no runtime but Node runs it.
  const consumed = published.filter((pkg) => pkg.name !== '@rankquill/mock-server');
  const engines = Object.fromEntries(
    published.map((pkg) => [
      pkg.name,
      JSON.parse(readFileSync(join(pkg.path, 'package.json'), 'utf8')).engines?.node as string,
    ]),
  );
  const floorOfPackage = (name: string) => floorOf(engines[`@rankquill/${name}`]);
  const floors = [...new Set(MATRIX_PACKAGES.map(floorOfPackage))].sort(compareVersions);
  const projectDir = join(dir, 'project');
  const [, floorBins, nodeCurrent, tooOld, deno, bun, tools] = await Promise.all([
    packPackages(consumed, join(dir, 'tarballs')).then((tarballs) =>
      installIntoProject(projectDir, tarballs),
    ),
    Promise.all(floors.map(installNode)),
    currentNode(pins.node.current),
    nodeOfMajor(pins.node.tooOld),
    installDeno(pins.deno),
    installBun(pins.bun),
    installTools(pins.tools),
  ]);
  addApp(projectDir);
  const matrix: Matrix = {
    project: projectDir,
    engines,
    mockServerFloor: floorOf(engines['@rankquill/mock-server']),
    nodeFloors: floors.map((version, index) => ({
      version,
      bin: floorBins[index] as string,
      packages: MATRIX_PACKAGES.filter((name) => compareVersions(floorOfPackage(name), version) <= 0),
    })),
    nodeCurrent,
    nodeTooOld: { bin: tooOld, version: nodeVersionOf(tooOld) },
    deno,
    bun,
    tools,
  };
  project.provide('matrix', matrix);
  console.log(
    `runtime matrix: packages and runtimes ready in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return () => rmSync(dir, { recursive: true, force: true });
}

/** The Node running the tests when it has the wanted major (the toolchain's), else one from npm. */
async function currentNode(major: string): Promise<string> {
  return process.versions.node.split('.')[0] === major ? process.execPath : installNode(major);
}
