import { describe, expect, it } from 'vitest';
import { certificateStatus } from './certificate-status.js';

describe('certificateStatus', () => {
  const now = new Date('2026-11-26T12:00:00Z'); // 09:00 in São Paulo

  it('is valid further than 30 days ahead, and warns from 30 days to the last day', () => {
    expect(certificateStatus('2027-01-10T12:00:00Z', now)).toEqual({ kind: 'valid' });
    expect(certificateStatus('2026-12-27T12:00:00Z', now)).toEqual({ kind: 'valid' });
    expect(certificateStatus('2026-12-26T12:00:00Z', now)).toEqual({ kind: 'expiring', days: 30 });
    expect(certificateStatus('2026-11-27T02:00:00Z', now)).toEqual({ kind: 'expiring', days: 0 });
  });

  it('counts São Paulo days: 01:00 UTC is still the day before there', () => {
    expect(certificateStatus('2026-11-28T01:00:00Z', now)).toEqual({ kind: 'expiring', days: 1 });
  });

  it('is expired once the instant has passed', () => {
    expect(certificateStatus('2026-11-26T11:59:59Z', now)).toEqual({ kind: 'expired' });
    expect(certificateStatus('2020-01-01T00:00:00Z', now)).toEqual({ kind: 'expired' });
  });
});
