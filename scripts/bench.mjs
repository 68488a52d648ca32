// `npm run bench`: runs every benchmark and prints one JSON object of their figures.
// Each bench prints one JSON line; a bench that fails is reported, not hidden.
import { spawnSync } from 'node:child_process';

const BENCHES = ['bench:store', 'bench:api', 'bench:transfers', 'bench:buckets-ui', 'bench:dns'];
const only = process.argv.slice(2);
const results = {};

for (const name of BENCHES.filter((b) => !only.length || only.includes(b))) {
  const run = spawnSync('npm', ['run', '--silent', name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const lines = `${run.stdout}`.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('{') && l.endsWith('}'));
  const figures = lines.map((l) => {
    try {
      return JSON.parse(l);
    } catch {
      return undefined;
    }
  }).filter(Boolean);
  results[name.slice('bench:'.length)] =
    run.status === 0 && figures.length
      ? figures.length === 1 ? figures[0] : figures
      : { error: `exit ${run.status}`, stderr: `${run.stderr}`.split('\n').slice(-8).join('\n') };
  process.stderr.write(`${name}: ${run.status === 0 ? 'done' : 'FAILED'}\n`);
}
console.log(JSON.stringify(results, null, 2));
