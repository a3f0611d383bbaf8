import { describe, expect, it } from 'vitest';
import { keptReadPath, offlineKey } from './offline-reads';

describe('keptReadPath', () => {
  it('keeps the dashboard reads, by POST only', () => {
    expect(keptReadPath('/api/v1/dashboard/get', 'POST')).toBe('dashboard/get');
    expect(keptReadPath('http://host/api/v1/backend/alerts/get', 'post')).toBe('backend/alerts/get');
    expect(keptReadPath('/api/v1/dashboard/get', 'GET')).toBeNull();
  });

  it('keeps no other call, not even a write under a kept path', () => {
    expect(keptReadPath('/api/v1/backend/alerts/acknowledge', 'POST')).toBeNull();
    expect(keptReadPath('/api/v1/backend/users/update', 'POST')).toBeNull();
    expect(keptReadPath('/auth/v1/token', 'POST')).toBeNull();
  });
});

describe('offlineKey', () => {
  it('is per user and per body', () => {
    const a = offlineKey('http://h', 'u1', 'backend/alerts/get', '{"page":1}');
    expect(a).not.toBe(offlineKey('http://h', 'u2', 'backend/alerts/get', '{"page":1}'));
    expect(a).not.toBe(offlineKey('http://h', 'u1', 'backend/alerts/get', '{"page":2}'));
    expect(new URL(a).origin).toBe('http://h');
  });
});
