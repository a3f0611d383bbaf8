// The output of a child process that shares the terminal with others, each whole line with its tag, so
// side-by-side runs (scripts/run-suites.mjs, e2e/run-groups.mjs) can be told apart.

/** Pipes `child`'s stdout and stderr to ours, each line as `[tag] line`. */
export function pipeTagged(child, tag) {
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`[${tag}] ${line}\n`);
    });
    from.on('end', () => rest && to.write(`[${tag}] ${rest}\n`));
  }
}
