/**
 * `npm run smoke -- https://app.example.jp`: checks a deployed stage end to end as an operator, touching no member
 * (the steps are in scripts/smoke/steps.ts). Prints one line per step with ok/FAILED/skipped and its time; exits 1
 * when a step failed, 2 when it was started wrong.
 */
import { smokeOptions, USAGE } from './smoke/options';
import { formatReport, runSmoke } from './smoke/steps';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const options = smokeOptions(argv, process.env);
  if (typeof options === 'string') {
    console.error(`${options}\n\n${USAGE}`);
    return 2;
  }
  console.log(`Smoke test of ${options.baseUrl} as ${options.email}`);
  const started = Date.now();
  const reports = await runSmoke(options, (r) => console.log(formatReport(r)));
  const failed = reports.filter((r) => r.status === 'FAILED').map((r) => r.step);
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  console.log(failed.length ? `Smoke FAILED (${failed.join(', ')}) in ${took}` : `Smoke passed: ${reports.length} steps ok in ${took}`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    // runSmoke reports every step's own failure; this is a bug of the smoke itself.
    console.error(`The smoke itself failed: ${(e as Error)?.message ?? String(e)}`);
    process.exit(1);
  },
);
