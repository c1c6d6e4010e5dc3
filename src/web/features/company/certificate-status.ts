import { todayInSaoPaulo } from '../../../shared/plain-date.js';

/** How many days before its expiry the screen starts warning about the certificate. */
export const CERTIFICATE_WARNING_DAYS = 30;

export type CertificateStatus =
  | { kind: 'valid' }
  /** Expires within CERTIFICATE_WARNING_DAYS; `days` 0 is its last day. */
  | { kind: 'expiring'; days: number }
  | { kind: 'expired' };

const DAY = 86_400_000;

/**
 * Where the certificate stands today: counted in São Paulo's calendar days (DOMAIN §1), so "vence
 * hoje" is said on the certificate's last day whatever its hour, and "vencido" once the instant
 * has passed.
 */
export function certificateStatus(validTo: string, now = new Date()): CertificateStatus {
  const end = new Date(validTo);
  if (end.getTime() <= now.getTime()) return { kind: 'expired' };
  const days = Math.round(
    (Date.parse(todayInSaoPaulo(end)) - Date.parse(todayInSaoPaulo(now))) / DAY,
  );
  return days <= CERTIFICATE_WARNING_DAYS ? { kind: 'expiring', days } : { kind: 'valid' };
}
