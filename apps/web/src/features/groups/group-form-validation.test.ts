import { GROUP_MESSAGES, MESSAGES } from '@vaskedrift/shared';
import { describe, expect, it } from 'vitest';
import { validateGroupForm } from './group-form-validation';

describe('validateGroupForm', () => {
  it('passes a complete group', () => {
    expect(validateGroupForm({ name: 'Teknikere', description: 'Vakt', color: '#50CD89' })).toEqual({});
  });

  it('gives the shared Norwegian messages under the form fields', () => {
    expect(validateGroupForm({ name: ' ', description: '', color: '' })).toEqual({
      name: GROUP_MESSAGES.nameRequired,
      description: GROUP_MESSAGES.descriptionRequired,
      color: MESSAGES.colorRequired,
    });
    expect(validateGroupForm({ name: 'A', description: 'B', color: 'grønn' }).color).toBe(
      MESSAGES.colorInvalid,
    );
  });
});
