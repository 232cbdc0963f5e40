import { App } from 'aws-cdk-lib';
import { definePlatform } from '../lib/platform';

/**
 * The CDK app: `npx cdk synth|deploy --all [-c stage=prod] [-c mailFromDomain=...] [-c mediaPublicKeyPem=...]`.
 * Context keys are read in lib/settings.ts; synth needs no AWS credentials and no network.
 */
const app = new App();
definePlatform(app);
app.synth();
