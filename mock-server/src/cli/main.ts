// The `rankquill-mock` executable. It asks Node to keep the compiled code of the modules it loads
// (the compile cache, in the system's temporary folder unless NODE_COMPILE_CACHE names another;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off), so a later start compiles nothing it compiled
// before, and only then loads the commands. Builtins are taken with getBuiltinModule here: an
// `import` of one builds its ESM facade first.
process.getBuiltinModule('node:module').enableCompileCache?.();

// Logs on stderr are JSON lines, Node's own warnings included (its default prints plain text).
process.removeAllListeners('warning');
process.on('warning', (warning: Error & { code?: string }) => {
  const line = { event: 'warning', name: warning.name, code: warning.code, message: warning.message };
  process.stderr.write(`${JSON.stringify(line)}\n`);
});

const { main, isUsageError } = await import('./commands');
main(process.argv.slice(2)).then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    process.stderr.write(`rankquill-mock: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(isUsageError(error) ? 64 : 1);
  },
);

// A module, for the top-level await above.
export {};
