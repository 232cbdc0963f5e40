import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LOCAL_ACCOUNT_ID } from '../../lambdas/platform/aws-calls';

/**
 * A synthesized cloud assembly (`cdk synth -o <dir>`) read as the local platform runs it in assembly mode: the
 * functions with the handler, asset folder and environment of their templates, the HTTP API's routes, the EventBridge
 * rules and the Scheduler's target. Values are the templates' own, with intrinsic functions resolved to the local
 * stand-ins (`LocalResources`); anything the runner cannot resolve or does not know how to wire fails loudly.
 */
export interface Template {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
  Parameters?: Record<string, { Default?: unknown }>;
}

export interface AssemblyStack {
  name: string;
  template: Template;
}

/** The physical ids the stand-ins gave the resources that have no fixed name (cognito-local's pool and client). */
export interface LocalResources {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
}

export interface AssemblyFunction {
  stack: string;
  logicalId: string;
  /** The function's name (its FunctionName, else the name CloudFormation would generate, shortened). */
  name: string;
  arn: string;
  /** The code folder of its asset in the assembly, and the file and export of its handler. */
  assetDir: string;
  handlerFile: string;
  handlerExport: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** The template's environment variables, resolved. */
  environment: Record<string, string>;
  /** The logical id of its execution role (in the same stack). */
  roleLogicalId?: string;
}

export interface AssemblyRoute {
  method: string;
  /** API Gateway's route path, e.g. `/api/video/{proxy+}`. */
  path: string;
  routeKey: string;
  function: AssemblyFunction;
}

export interface AssemblyRule {
  stack: string;
  logicalId: string;
  pattern: Record<string, unknown>;
  targets: AssemblyFunction[];
}

/** A Lambda event source mapping on the table's stream (a domain's reactions), as the local stream reader runs it. */
export interface AssemblyStreamMapping {
  stack: string;
  logicalId: string;
  tableName: string;
  function: AssemblyFunction;
  filters: Record<string, unknown>[];
  batchSize: number;
  retryAttempts: number;
  reportBatchItemFailures: boolean;
}

export interface CloudAssembly {
  dir: string;
  streamMappings: AssemblyStreamMapping[];
  stacks: AssemblyStack[];
  functions: AssemblyFunction[];
  routes: AssemblyRoute[];
  rules: AssemblyRule[];
  /** The function EventBridge Scheduler invokes (SCHEDULER_TARGET_ARN of the functions). */
  schedulerTarget?: AssemblyFunction;
  resolver: Resolver;
}

/** Resource types with a trigger the local runner does not wire: refused rather than silently left out. */
const UNWIRED_TRIGGERS = ['Custom::S3BucketNotifications', 'AWS::SNS::Subscription', 'AWS::ApiGateway::RestApi'];

type Value = unknown;

/** Resolves CloudFormation intrinsic functions across the assembly's stacks, to the local stand-ins' names. */
export class Resolver {
  constructor(
    private readonly stacks: AssemblyStack[],
    private readonly local: LocalResources,
  ) {}

  private stack(name: string): AssemblyStack {
    const s = this.stacks.find((x) => x.name === name);
    if (!s) throw new Error(`Stack ${name} is not in the assembly`);
    return s;
  }

  private pseudo(name: string, stack: string): string | undefined {
    return {
      'AWS::Region': this.local.region,
      'AWS::AccountId': LOCAL_ACCOUNT_ID,
      'AWS::Partition': 'aws',
      'AWS::URLSuffix': 'amazonaws.com',
      'AWS::StackName': stack,
    }[name];
  }

  /** The value of `Ref` to a resource, as CloudFormation gives it (a name, an id or an ARN, by type). */
  ref(stackName: string, logicalId: string): string {
    const pseudo = this.pseudo(logicalId, stackName);
    if (pseudo !== undefined) return pseudo;
    const stack = this.stack(stackName);
    const parameter = stack.template.Parameters?.[logicalId];
    if (parameter) return this.string(stackName, parameter.Default);
    const resource = stack.template.Resources[logicalId];
    if (!resource) throw new Error(`${stackName}: Ref to unknown ${logicalId}`);
    const p = resource.Properties ?? {};
    const named = (prop: string) => (p[prop] !== undefined ? this.string(stackName, p[prop]) : undefined);
    switch (resource.Type) {
      case 'AWS::DynamoDB::Table':
      case 'AWS::DynamoDB::GlobalTable':
        return named('TableName') ?? `${stackName}-${logicalId}`;
      case 'AWS::S3::Bucket':
        return named('BucketName') ?? `${stackName}-${logicalId}`.toLowerCase();
      case 'AWS::Cognito::UserPool':
        return this.local.userPoolId;
      case 'AWS::Cognito::UserPoolClient':
        return this.local.userPoolClientId;
      case 'AWS::SecretsManager::Secret':
        return `arn:aws:secretsmanager:${this.local.region}:${LOCAL_ACCOUNT_ID}:secret:${named('Name') ?? logicalId}`;
      case 'AWS::Lambda::Function':
        return functionName(stackName, logicalId, named('FunctionName'));
      case 'AWS::IAM::Role':
        return named('RoleName') ?? `${stackName}-${logicalId}`.slice(0, 64);
      case 'AWS::SQS::Queue':
        return `https://sqs.${this.local.region}.amazonaws.com/${LOCAL_ACCOUNT_ID}/${named('QueueName') ?? `${stackName}-${logicalId}`}`;
      case 'AWS::SNS::Topic':
        return `arn:aws:sns:${this.local.region}:${LOCAL_ACCOUNT_ID}:${named('TopicName') ?? `${stackName}-${logicalId}`}`;
      case 'AWS::SES::ConfigurationSet':
        return named('Name') ?? logicalId;
      case 'AWS::MediaConvert::Queue':
        return `arn:aws:mediaconvert:${this.local.region}:${LOCAL_ACCOUNT_ID}:queues/${named('Name') ?? logicalId}`;
      default:
        // Ids the local platform never reads (a CloudFront key's id, a distribution's id …): stable placeholders.
        return `local-${logicalId}`;
    }
  }

  /** `Fn::GetAtt`. */
  attribute(stackName: string, logicalId: string, attr: string): string {
    const resource = this.stack(stackName).template.Resources[logicalId];
    if (!resource) throw new Error(`${stackName}: GetAtt of unknown ${logicalId}`);
    const id = this.ref(stackName, logicalId);
    const arnOf: Record<string, (id: string) => string> = {
      'AWS::Lambda::Function': (n) => `arn:aws:lambda:${this.local.region}:${LOCAL_ACCOUNT_ID}:function:${n}`,
      'AWS::IAM::Role': (n) => `arn:aws:iam::${LOCAL_ACCOUNT_ID}:role/${n}`,
      'AWS::DynamoDB::Table': (n) => `arn:aws:dynamodb:${this.local.region}:${LOCAL_ACCOUNT_ID}:table/${n}`,
      'AWS::S3::Bucket': (n) => `arn:aws:s3:::${n}`,
      'AWS::Cognito::UserPool': (n) => `arn:aws:cognito-idp:${this.local.region}:${LOCAL_ACCOUNT_ID}:userpool/${n}`,
      'AWS::SQS::Queue': (url) => `arn:aws:sqs:${this.local.region}:${LOCAL_ACCOUNT_ID}:${url.split('/').pop()}`,
      'AWS::SecretsManager::Secret': (a) => a,
      'AWS::SNS::Topic': (a) => a,
      'AWS::MediaConvert::Queue': (a) => a,
      'AWS::Logs::LogGroup': (n) => `arn:aws:logs:${this.local.region}:${LOCAL_ACCOUNT_ID}:log-group:${n}:*`,
    };
    if (attr === 'Arn' && arnOf[resource.Type]) return arnOf[resource.Type]!(id);
    if (attr === 'QueueName' && resource.Type === 'AWS::SQS::Queue') return id.split('/').pop()!;
    if (attr === 'StreamArn' && resource.Type === 'AWS::DynamoDB::Table') return `arn:aws:dynamodb:${this.local.region}:${LOCAL_ACCOUNT_ID}:table/${id}/stream/local`;
    if (attr === 'DomainName' && resource.Type === 'AWS::CloudFront::Distribution') return `${logicalId.toLowerCase()}.cloudfront.local`;
    // Attributes the local platform never reads (ids of keys, domains of other hosts): stable placeholders.
    return `local-${logicalId}-${attr}`;
  }

  value(stackName: string, v: Value): Value {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => this.value(stackName, x));
    const o = v as Record<string, Value>;
    const keys = Object.keys(o);
    if (keys.length !== 1 || !(keys[0]!.startsWith('Fn::') || keys[0] === 'Ref')) {
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, this.value(stackName, x)]));
    }
    const [fn] = keys as [string];
    const arg = o[fn];
    switch (fn) {
      case 'Ref':
        return this.ref(stackName, arg as string);
      case 'Fn::GetAtt': {
        const [id, attr] = Array.isArray(arg) ? (arg as string[]) : String(arg).split('.');
        return this.attribute(stackName, id!, attr!);
      }
      case 'Fn::Join': {
        const [sep, parts] = arg as [string, Value[]];
        return (this.value(stackName, parts) as Value[]).map((p) => String(p)).join(sep);
      }
      case 'Fn::Sub': {
        const [text, vars] = Array.isArray(arg) ? (arg as [string, Record<string, Value>]) : [arg as string, {}];
        return text.replace(/\$\{([^}]+)\}/g, (_m, name: string) => {
          if (name in vars) return String(this.value(stackName, vars[name]));
          const [id, attr] = name.split('.');
          return attr ? this.attribute(stackName, id!, attr) : this.ref(stackName, id!);
        });
      }
      case 'Fn::Select': {
        const [index, list] = arg as [number, Value];
        return (this.value(stackName, list) as Value[])[Number(index)];
      }
      case 'Fn::Split': {
        const [sep, text] = arg as [string, Value];
        return String(this.value(stackName, text)).split(sep);
      }
      case 'Fn::ImportValue':
        return this.importValue(String(this.value(stackName, arg)));
      default:
        throw new Error(`${stackName}: ${fn} is not resolved by the local assembly runner`);
    }
  }

  string(stackName: string, v: Value): string {
    const out = this.value(stackName, v);
    if (typeof out !== 'string' && typeof out !== 'number' && typeof out !== 'boolean') throw new Error(`${stackName}: ${JSON.stringify(v)} is not a string`);
    return String(out);
  }

  private importValue(name: string): Value {
    for (const s of this.stacks) {
      for (const output of Object.values(s.template.Outputs ?? {})) {
        if (output.Export && this.string(s.name, output.Export.Name) === name) return this.value(s.name, output.Value);
      }
    }
    throw new Error(`No stack exports ${name}`);
  }
}

/** CloudFormation's generated function name (`<stack>-<logicalId>-<suffix>`, at most 64): stable here, without the suffix. */
function functionName(stack: string, logicalId: string, given: string | undefined): string {
  return given ?? `${stack}-${logicalId}`.slice(0, 64);
}

/** The logical id a `{ "Fn::GetAtt": [id, "Arn"] }` or `{ Ref: id }` names, if it is one of those. */
function logicalIdIn(v: Value): string | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, Value>;
  if (typeof o.Ref === 'string') return o.Ref;
  const att = o['Fn::GetAtt'];
  if (Array.isArray(att)) return String(att[0]);
  if (typeof att === 'string') return att.split('.')[0];
  const join = o['Fn::Join'] as [string, Value[]] | undefined;
  if (join) for (const part of join[1]) if (logicalIdIn(part)) return logicalIdIn(part);
  return undefined;
}

export function readCloudAssembly(dir: string, local: LocalResources): CloudAssembly {
  const root = resolve(dir);
  const manifest = JSON.parse(readFileSync(join(root, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { type: string; properties?: { templateFile?: string }; environment?: string }>;
  };
  const stacks: AssemblyStack[] = Object.entries(manifest.artifacts)
    .filter(([, a]) => a.type === 'aws:cloudformation:stack')
    .map(([name, a]) => ({ name, template: JSON.parse(readFileSync(join(root, a.properties!.templateFile!), 'utf8')) as Template }));
  const resolver = new Resolver(stacks, local);

  const functions: AssemblyFunction[] = [];
  for (const s of stacks) {
    for (const [logicalId, r] of Object.entries(s.template.Resources)) {
      if (UNWIRED_TRIGGERS.includes(r.Type)) throw new Error(`${s.name}/${logicalId}: ${r.Type} is not wired by the local assembly runner`);
      if (r.Type !== 'AWS::Lambda::Function') continue;
      const p = r.Properties ?? {};
      const asset = r.Metadata?.['aws:asset:path'];
      // Functions CDK adds for itself (a custom resource's provider) run only inside CloudFormation.
      if (typeof asset !== 'string' || !(p.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.PLATFORM) continue;
      const [file, exported] = String(p.Handler).split('.') as [string, string];
      const name = resolver.ref(s.name, logicalId);
      const variables = (p.Environment as { Variables: Record<string, unknown> }).Variables;
      functions.push({
        stack: s.name,
        logicalId,
        name,
        arn: resolver.attribute(s.name, logicalId, 'Arn'),
        assetDir: join(root, asset),
        handlerFile: file,
        handlerExport: exported,
        timeoutSeconds: Number(p.Timeout ?? 3),
        memoryMb: Number(p.MemorySize ?? 128),
        environment: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, resolver.string(s.name, v)])),
        roleLogicalId: logicalIdIn(p.Role),
      });
    }
  }
  const fn = (stack: string, logicalId: string | undefined): AssemblyFunction => {
    const found = functions.find((f) => f.stack === stack && f.logicalId === logicalId);
    if (!found) throw new Error(`${stack}: ${logicalId} is not a platform function of the assembly`);
    return found;
  };

  const routes: AssemblyRoute[] = [];
  const rules: AssemblyRule[] = [];
  const streamMappings: AssemblyStreamMapping[] = [];
  for (const s of stacks) {
    const resources = s.template.Resources;
    for (const [logicalId, r] of Object.entries(resources)) {
      const p = r.Properties ?? {};
      if (r.Type === 'AWS::ApiGatewayV2::Route') {
        const routeKey = String(p.RouteKey);
        const integration = resources[logicalIdIn(p.Target) ?? ''];
        if (integration?.Type !== 'AWS::ApiGatewayV2::Integration') throw new Error(`${s.name}/${logicalId}: route ${routeKey} has no Lambda integration`);
        const [method, path] = routeKey.split(' ') as [string, string];
        routes.push({ method, path, routeKey, function: fn(s.name, logicalIdIn(integration.Properties?.IntegrationUri)) });
      }
      if (r.Type === 'AWS::Lambda::EventSourceMapping') {
        const source = resolver.string(s.name, p.EventSourceArn);
        const table = /^arn:aws:dynamodb:[^:]+:[^:]+:table\/([^/]+)\/stream\//.exec(source)?.[1];
        if (!table) throw new Error(`${s.name}/${logicalId}: an event source mapping on ${source} is not wired by the local assembly runner (only a table's stream is)`);
        const filters = ((p.FilterCriteria as { Filters?: { Pattern: string }[] } | undefined)?.Filters ?? []).map((f) => JSON.parse(f.Pattern) as Record<string, unknown>);
        streamMappings.push({
          stack: s.name,
          logicalId,
          tableName: table,
          function: fn(s.name, logicalIdIn(p.FunctionName)),
          // No filter: every record (Lambda's default).
          filters: filters.length ? filters : [{}],
          batchSize: Number(p.BatchSize ?? 100),
          // -1 (CloudFormation's default): until the record expires; locally a bound the stand-in can reach.
          retryAttempts: Number(p.MaximumRetryAttempts ?? -1) < 0 ? 10 : Number(p.MaximumRetryAttempts),
          reportBatchItemFailures: ((p.FunctionResponseTypes as string[] | undefined) ?? []).includes('ReportBatchItemFailures'),
        });
      }
      if (r.Type === 'AWS::Events::Rule') {
        const targets = (p.Targets as { Arn: Value }[] | undefined) ?? [];
        rules.push({
          stack: s.name,
          logicalId,
          pattern: resolver.value(s.name, p.EventPattern) as Record<string, unknown>,
          targets: targets.map((t) => fn(s.name, logicalIdIn(t.Arn))),
        });
      }
    }
  }
  const targetArn = functions.find((f) => f.environment.SCHEDULER_TARGET_ARN)?.environment.SCHEDULER_TARGET_ARN;
  const schedulerTarget = targetArn ? functions.find((f) => f.arn === targetArn) : undefined;
  if (targetArn && !schedulerTarget) throw new Error(`SCHEDULER_TARGET_ARN ${targetArn} names no function of the assembly`);
  return { dir: root, stacks, functions, routes, rules, streamMappings, schedulerTarget, resolver };
}

/** The route API Gateway (HTTP API) chooses for a request: an exact path first, then the longest `{proxy+}` prefix. */
export function matchRoute(routes: readonly AssemblyRoute[], method: string, path: string): AssemblyRoute | undefined {
  const candidates = routes.filter((r) => r.method === method || r.method === 'ANY');
  const exact = candidates.find((r) => r.path === path);
  if (exact) return exact;
  return candidates
    .filter((r) => r.path.endsWith('/{proxy+}') && path.startsWith(r.path.slice(0, -'{proxy+}'.length)) && path.length > r.path.length - '{proxy+}'.length)
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * EventBridge's pattern matching for what the platform's rules use: nested objects, and arrays of allowed values
 * (an event's array field matches when any element is allowed). Content filters (prefix, numeric …) are refused.
 */
export function matchesPattern(pattern: Record<string, unknown>, event: Record<string, unknown>): boolean {
  return Object.entries(pattern).every(([field, expected]) => {
    const actual = event?.[field];
    if (Array.isArray(expected)) {
      for (const e of expected) if (e !== null && typeof e === 'object') throw new Error(`Event pattern filter ${JSON.stringify(e)} is not supported locally`);
      const values = Array.isArray(actual) ? actual : [actual];
      return values.some((v) => expected.includes(v));
    }
    if (expected && typeof expected === 'object') return actual !== null && typeof actual === 'object' && matchesPattern(expected as Record<string, unknown>, actual as Record<string, unknown>);
    throw new Error(`Event pattern field ${field} must be an array or an object`);
  });
}
