import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_VERSION, tooOldNodeMessage } from '../../src/runtime/node-version';

describe('the Node version check of the bins and the package entry', () => {
  it('knows the floor that package.json `engines` promises', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const [major, minor] = MIN_NODE_VERSION.split('.');
    expect(manifest.engines.node).toBe(`>=${major}.${minor}`);
  });

  it.each(['20.20.2', '22.0.0', '22.12.9', '18.19.1'])('refuses Node %s in one line', (version) => {
    const message = tooOldNodeMessage('rankquill-mock', version);
    expect(message).toBe(
      `rankquill-mock needs Node.js ${MIN_NODE_VERSION} or later, and this is Node.js ${version}: install a current Node.js from https://nodejs.org/en/download (or \`nvm install 24\`), then run it again.`,
    );
    expect(message).not.toContain('\n');
  });

  it.each(['22.13.0', '22.20.1', '23.0.0', '24.21.0', '26.1.0'])('takes Node %s', (version) => {
    expect(tooOldNodeMessage('rankquill-mock', version)).toBeUndefined();
  });
});
