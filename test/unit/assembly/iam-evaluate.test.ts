import { describe, expect, it } from 'vitest';
import { allows, globMatch, type Statement } from '../../grants/iam-evaluate';

const table = 'arn:aws:dynamodb:ap-northeast-1:000000000000:table/mvp-dev-platform';
const statement = (s: Partial<Statement>): Statement => ({ actions: [], resources: [], source: 'test', ...s });

describe('IAM evaluation of recorded requests', () => {
  it('matches actions case-insensitively and resources exactly, with * and ? wildcards', () => {
    expect(globMatch('dynamodb:Get*', 'dynamodb:getitem', true)).toBe(true);
    expect(globMatch('arn:aws:s3:::uploads/*', 'arn:aws:s3:::uploads/T/1/a.mp4')).toBe(true);
    expect(globMatch('arn:aws:s3:::uploads/*', 'arn:aws:s3:::media/T/1/a.mp4')).toBe(false);
    expect(globMatch('arn:aws:s3:::uploads', 'arn:aws:s3:::Uploads')).toBe(false);
    expect(globMatch('ses:Send?mail', 'ses:SendEmail', true)).toBe(true);
  });

  it('allows a request only when one statement has its action and its resource', () => {
    const s = statement({ actions: ['dynamodb:GetItem', 'dynamodb:Query'], resources: [table] });
    expect(allows(s, { action: 'dynamodb:GetItem', resource: table })).toBe(true);
    expect(allows(s, { action: 'dynamodb:PutItem', resource: table })).toBe(false);
    expect(allows(s, { action: 'dynamodb:Query', resource: `${table}/index/gsi1` })).toBe(false);
  });

  it('evaluates dynamodb:LeadingKeys as IAM does (ForAllValues: every key must match)', () => {
    const s = statement({
      actions: ['dynamodb:UpdateItem'],
      resources: [table],
      condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LOGIN#*'] } },
    });
    expect(allows(s, { action: 'dynamodb:UpdateItem', resource: table, conditionKeys: { 'dynamodb:LeadingKeys': ['LOGIN#a@b'] } })).toBe(true);
    expect(allows(s, { action: 'dynamodb:UpdateItem', resource: table, conditionKeys: { 'dynamodb:LeadingKeys': ['LOGIN#a', 'T#1'] } })).toBe(false);
  });

  it('refuses a StringEquals condition the request does not carry', () => {
    const s = statement({ actions: ['iam:PassRole'], resources: ['arn:aws:iam::000000000000:role/r'], condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } } });
    expect(allows(s, { action: 'iam:PassRole', resource: 'arn:aws:iam::000000000000:role/r' })).toBe(false);
    expect(allows(s, { action: 'iam:PassRole', resource: 'arn:aws:iam::000000000000:role/r', conditionKeys: { 'iam:PassedToService': ['scheduler.amazonaws.com'] } })).toBe(true);
  });
});
