/**
 * A platform of its own for the durability test: started as a child process group (so the test can SIGKILL
 * every stand-in at once), on `DURABILITY_PORT`..+5 with data in `DURABILITY_DATA_DIR`, no seed. Prints
 * `READY <env JSON>` when it answers.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { startPlatform } from '../../../../local/platform';

const port = Number(process.env.DURABILITY_PORT);
const dataDir = process.env.DURABILITY_DATA_DIR!;
const platform = await startPlatform({ port, dataDir, seed: false, log: () => {} });
console.log(`READY ${JSON.stringify(platform.env)}`);
process.on('SIGTERM', () => void platform.stop().then(() => process.exit(0)));
