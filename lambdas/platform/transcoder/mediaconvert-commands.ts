/**
 * Every MediaConvert command mediaconvert.ts sends, by API name. The CDK grant (lib/constructs/platform-function.ts)
 * is built from this list, and test/infra checks it against the commands the adapter constructs.
 * A list without the SDK: the CDK app reads it at synth.
 */
export const MEDIACONVERT_COMMANDS = ['Probe', 'CreateJob'] as const;
