import { describe, expect, it } from 'vitest';
import { classifyAddress, loopbackTarget, parseIpv6, refusedClass } from './address-policy';

const strict = { allowLoopback: false, allowPrivate: false };
const lenient = { allowLoopback: true, allowPrivate: true };

describe('classifyAddress (IPv4)', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['169.254.0.1', 'link-local'],
    ['169.254.255.255', 'link-local'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['192.168.1.10', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.1', 'public'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('classifyAddress (IPv6)', () => {
  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:0', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fd00:0ec2:0:0:0:0:0:254', 'metadata'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['ff02::1', 'multicast'],
    ['100::1', 'reserved'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('judges IPv4-mapped, -compatible and -translated forms as the IPv4 address they carry', () => {
    expect(classifyAddress('::ffff:169.254.169.254')).toBe('metadata');
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('metadata');
    expect(classifyAddress('0:0:0:0:0:ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('::ffff:0.0.0.0')).toBe('unspecified');
    expect(classifyAddress('::ffff:10.1.2.3')).toBe('private');
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    expect(classifyAddress('::ffff:224.0.0.1')).toBe('multicast');
    expect(classifyAddress('::127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:0:169.254.1.1')).toBe('link-local');
  });

  it('looks inside NAT64 and 6to4 addresses', () => {
    expect(classifyAddress('64:ff9b::a9fe:a9fe')).toBe('metadata');
    expect(classifyAddress('64:ff9b::8.8.8.8')).toBe('public');
    expect(classifyAddress('64:ff9b:1::7f00:1')).toBe('loopback');
    expect(classifyAddress('2002:a9fe:a9fe::1')).toBe('metadata');
    expect(classifyAddress('2002:0808:0808::1')).toBe('public');
  });

  it('is null for anything that is not an IP address', () => {
    expect(classifyAddress('example.com')).toBeNull();
    expect(classifyAddress('1.2.3')).toBeNull();
    expect(classifyAddress('256.1.1.1')).toBeNull();
    expect(classifyAddress(':::1')).toBeNull();
    expect(classifyAddress('')).toBeNull();
  });

  it('parses every spelling to the same eight groups', () => {
    const groups = [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1];
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual(groups);
    expect(parseIpv6('::FFFF:7F00:1')).toEqual(groups);
    expect(parseIpv6('0000:0000:0000:0000:0000:ffff:7f00:0001')).toEqual(groups);
    expect(parseIpv6('fe80::')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('refusedClass', () => {
  it('always refuses link-local, metadata, unspecified, multicast and reserved addresses', () => {
    for (const address of [
      '169.254.169.254',
      'fe80::1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
    ]) {
      expect(refusedClass(address, lenient), address).not.toBeNull();
    }
  });

  it('refuses loopback unless allowed', () => {
    expect(refusedClass('127.0.0.1', strict)).toBe('loopback');
    expect(refusedClass('::1', strict)).toBe('loopback');
    expect(refusedClass('::ffff:127.0.0.1', strict)).toBe('loopback');
    expect(refusedClass('127.0.0.1', { allowLoopback: true, allowPrivate: false })).toBeNull();
  });

  it('lets through exactly the listed loopback address and port, nothing beside it', () => {
    const demo = { ...strict, loopbackTargets: ['127.0.0.1:4100', '[::1]:4100'] };
    expect(refusedClass('127.0.0.1', demo, 4100)).toBeNull();
    expect(refusedClass('::1', demo, 4100)).toBeNull();
    expect(refusedClass('127.0.0.1', demo, 4101)).toBe('loopback');
    expect(refusedClass('127.0.0.2', demo, 4100)).toBe('loopback');
    expect(refusedClass('::ffff:127.0.0.1', demo, 4100)).toBe('loopback');
    // Without a port (a name being resolved) the exception never applies.
    expect(refusedClass('127.0.0.1', demo)).toBe('loopback');
    expect(loopbackTarget('::1', 80)).toBe('[::1]:80');
    expect(loopbackTarget('[::1]', 80)).toBe('[::1]:80');
  });

  it('allows private ranges unless turned off', () => {
    for (const address of ['10.0.0.1', '172.20.1.1', '192.168.0.1', '100.64.1.1', 'fd12::1']) {
      expect(refusedClass(address, { allowLoopback: false, allowPrivate: true }), address).toBeNull();
      expect(refusedClass(address, strict), address).toBe('private');
    }
  });

  it('never lets the private switch open the metadata addresses inside private ranges', () => {
    expect(refusedClass('100.100.100.200', lenient)).toBe('metadata');
    expect(refusedClass('fd00:ec2::254', lenient)).toBe('metadata');
  });

  it('allows public addresses', () => {
    expect(refusedClass('93.184.216.34', strict)).toBeNull();
    expect(refusedClass('2a00:1450:4010:c0f::64', strict)).toBeNull();
  });
});
