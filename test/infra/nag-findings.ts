import { Validations, type App, type PolicyValidationPluginReport } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';

export interface Acknowledgement {
  path: string;
  id: string;
  reason: string;
}

/** Every acknowledgement in the construct tree (`Validations.of(x).acknowledge`). */
export function acknowledgements(app: App): Acknowledgement[] {
  const out: Acknowledgement[] = [];
  for (const c of app.node.findAll()) {
    for (const m of c.node.metadata) {
      if (m.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(m.data as Record<string, string>)) {
        out.push({ path: c.node.path, id: id.replace(/^annotation::/i, ''), reason });
      }
    }
  }
  return out;
}

/** What AwsSolutions reports with every acknowledgement ignored. */
export function rawFindings(app: App): PolicyValidationPluginReport['violations'] {
  const pack = new AwsSolutionsChecks();
  (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
  return pack.validateScope(app).violations;
}

/** AwsSolutions acknowledgements that match no finding (`<path> <id>`). */
export function staleAcknowledgements(app: App): string[] {
  const raw = rawFindings(app);
  return acknowledgements(app)
    .filter((a) => a.id.startsWith('AwsSolutions-'))
    .filter(
      (a) =>
        !raw.some(
          (v) =>
            v.ruleName === a.id &&
            v.violatingResources.some((r) => r.constructPath === a.path || r.constructPath?.startsWith(`${a.path}/`)),
        ),
    )
    .map((a) => `${a.path} ${a.id}`);
}
