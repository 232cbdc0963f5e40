import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { PlatformFunction, type PlatformEnvironment } from '../constructs/platform-function';
import { arns, type PlatformNames } from '../names';
import type { PlatformSettings } from '../settings';

export interface MailStackProps extends StackProps {
  settings: PlatformSettings;
  names: PlatformNames;
  environment: PlatformEnvironment;
}

/** SES events this platform records (SPEC §3 delivery status: processed, delivered, bounce, deferred, dropped). */
export const MAIL_EVENT_TYPES = [
  ses.EmailSendingEvent.SEND,
  ses.EmailSendingEvent.DELIVERY,
  ses.EmailSendingEvent.BOUNCE,
  ses.EmailSendingEvent.COMPLAINT,
  ses.EmailSendingEvent.REJECT,
  ses.EmailSendingEvent.DELIVERY_DELAY,
];

/**
 * Outgoing mail (SES identity, configuration set, delivery events) and the Scheduler that sends mail
 * later. The Scheduler lives here because what it runs is scheduled mail and workflow waits whose
 * actions are mail; and this stack comes before media and api, so every function can name it.
 */
export class MailStack extends Stack {
  readonly configurationSet: ses.ConfigurationSet;
  readonly identity: ses.EmailIdentity;
  readonly scheduleGroup: scheduler.ScheduleGroup;
  readonly schedulerRole: iam.Role;
  readonly scheduledJob: PlatformFunction;
  readonly mailEvents: PlatformFunction;

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const { settings, names, environment } = props;

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: names.configurationSet,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    // SES publishes to the default bus only.
    this.configurationSet.addEventDestination('EventBridge', {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: MAIL_EVENT_TYPES,
    });

    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: ses.Identity.domain(settings.mailFromDomain),
      configurationSet: this.configurationSet,
    });

    this.mailEvents = new PlatformFunction(this, 'MailEvents', {
      entry: 'lambdas/events/mail-event.ts',
      service: 'mail-event',
      environment,
      names,
      timeout: Duration.seconds(30),
      asyncFailureQueue: true,
    }).grantTable();

    new events.Rule(this, 'MailEventRule', {
      description: 'SES delivery events of this stage’s configuration set',
      eventPattern: {
        source: ['aws.ses'],
        // Several stages may share the account's default bus: only this stage's mail.
        detail: { mail: { tags: { 'ses:configuration-set': [names.configurationSet] } } },
      },
      targets: [new targets.LambdaFunction(this.mailEvents.function, { retryAttempts: 8, maxEventAge: Duration.hours(6) })],
    });

    this.scheduleGroup = new scheduler.ScheduleGroup(this, 'ScheduleGroup', {
      scheduleGroupName: names.scheduleGroup,
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // Named, so every function (including this one) can carry SCHEDULER_TARGET_ARN without a cycle.
    this.scheduledJob = new PlatformFunction(this, 'ScheduledJob', {
      entry: 'lambdas/events/scheduled-job.ts',
      service: 'scheduled-job',
      functionName: names.scheduledJobFunction,
      environment,
      names,
      timeout: Duration.minutes(5),
      memorySize: 1024,
      asyncFailureQueue: true,
    })
      .grantTable()
      .grantSendMail(settings.mailFromDomain)
      .grantSchedules();

    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      roleName: names.schedulerRole,
      description: 'Assumed by EventBridge Scheduler to run the platform scheduled-job function',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': arns.scheduleGroup(names) },
        },
      }),
    });
    this.schedulerRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: [this.scheduledJob.function.functionArn],
      }),
    );

    new CfnOutput(this, 'ConfigurationSetName', { value: this.configurationSet.configurationSetName });
    this.identity.dkimRecords.forEach((r, i) =>
      new CfnOutput(this, `DkimRecord${i + 1}`, { value: `${r.name} CNAME ${r.value}`, description: 'DNS record for SES DKIM' }),
    );
  }
}
