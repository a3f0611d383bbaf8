import { describe, expect, it } from 'vitest';
import { tabHref, tabPathOf } from './entity-tabs';

describe('tabPathOf', () => {
  const bay = '/app/locations/$locationId/bays/$bayId';

  it('names the tab of a child route by its first segment', () => {
    expect(tabPathOf(bay, `${bay}/links`)).toBe('links');
    expect(tabPathOf('/app/locations/$locationId', '/app/locations/$locationId/bays')).toBe('bays');
  });

  it('gives the index tab for the index route or no child', () => {
    expect(tabPathOf(bay, `${bay}/`)).toBe('/');
    expect(tabPathOf(bay, undefined)).toBe('/');
  });
});

describe('tabHref', () => {
  it('joins the entity address and the tab path', () => {
    expect(tabHref('/admin/users/u1', 'edit')).toBe('/admin/users/u1/edit');
    expect(tabHref('/admin/users/u1/', 'edit')).toBe('/admin/users/u1/edit');
    expect(tabHref('/admin/users/u1/', '/')).toBe('/admin/users/u1');
  });
});
