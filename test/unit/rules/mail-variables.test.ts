import { describe, expect, it } from 'vitest';
import { customFieldOfVariable, fillMailVariables, hasUnknownMailVariable, mailVariablesIn, mailVariablesOf } from '../../../shared/mail-variables';

describe('mail template variables', () => {
  const allowed = mailVariablesOf(['会社名', 'Plan type']);

  it('lists the fixed variables and one per custom field', () => {
    expect(allowed).toEqual(['teamName', 'userName', 'email', 'loginUrl', 'customField.会社名', 'customField.Plan type']);
    expect(customFieldOfVariable('customField.Plan type')).toBe('Plan type');
    expect(customFieldOfVariable('teamName')).toBeUndefined();
  });

  it('reads the variables between double braces, trimmed', () => {
    expect(mailVariablesIn('Hi {{ userName }}, {{customField.会社名}} {single} {{}}')).toEqual(['userName', 'customField.会社名', '']);
  });

  it('finds unknown names, custom fields the team lacks and empty braces', () => {
    expect(hasUnknownMailVariable('{{teamName}} {{ customField.Plan type }}', allowed)).toBe(false);
    expect(hasUnknownMailVariable('plain text', allowed)).toBe(false);
    expect(hasUnknownMailVariable('{{siteName}}', allowed)).toBe(true);
    expect(hasUnknownMailVariable('{{customField.Department}}', allowed)).toBe(true);
    expect(hasUnknownMailVariable('{{}}', allowed)).toBe(true);
  });

  it('fills every variable, a missing value as empty', () => {
    expect(fillMailVariables('{{userName}} / {{ customField.会社名 }} / {{email}}', { userName: 'Taro', 'customField.会社名': 'Acme' })).toBe('Taro / Acme / ');
    // A value holding braces is not filled again.
    expect(fillMailVariables('{{userName}}', { userName: '{{email}}', email: 'x' })).toBe('{{email}}');
  });
});
