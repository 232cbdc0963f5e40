import { createHash } from 'node:crypto';
import { type CfnResource, Lazy, Stack } from 'aws-cdk-lib';

interface RenderedTemplate {
  Resources?: Record<string, { Type: string; Properties?: unknown }>;
}

/**
 * A hash of one resource's definition as it is synthesized: its stack, logical ID, type and properties (overrides
 * included). Produced at synth, so changes made after construction count too. Given to another resource as a
 * property, it makes CloudFormation update that resource whenever this one's definition changes, and only then.
 */
export function definitionFingerprint(resource: CfnResource): string {
  return Lazy.uncachedString({
    produce: () => {
      const stack = Stack.of(resource);
      // What the template will hold for the resource (CDK's own rendering, not a copy of the construct's props).
      const rendered = stack.resolve(resource._toCloudFormation()) as RenderedTemplate;
      const entries = Object.entries(rendered.Resources ?? {});
      if (entries.length !== 1) throw new Error(`${resource.node.path} renders ${entries.length} resources`);
      const [[logicalId, definition]] = entries as [[string, { Type: string; Properties?: unknown }]];
      const text = JSON.stringify({ stack: stack.stackName, logicalId, type: definition.Type, properties: definition.Properties ?? {} });
      return createHash('sha256').update(text).digest('hex');
    },
  });
}
