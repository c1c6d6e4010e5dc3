import type { ConfigProviderProps } from 'antd';
import { messages } from '../../shared/messages.js';

/**
 * antd's validation texts, set once for every form (DOMAIN §14). Most fields validate with the
 * shared zod schemas (components/zod-rule.ts), which use the same wording; these cover antd's own
 * rules (`required`, `type: 'email'`, …) wherever a form uses them.
 */
export const validateMessages = {
  default: messages.invalid,
  required: messages.required,
  types: {
    email: messages.invalidEmail,
    number: messages.notANumber,
    integer: messages.notANumber,
    float: messages.notANumber,
  },
  number: {
    range: messages.outOfRange,
    min: messages.outOfRange,
    max: messages.outOfRange,
  },
  string: {
    len: messages.wrongLength,
    min: messages.wrongLength,
    max: messages.wrongLength,
    range: messages.wrongLength,
  },
  pattern: { mismatch: messages.pattern },
};

/** Breakpoints 768 / 992 / 1200 px and the dropdown layer at z-index 1050 (DOMAIN §14). */
export const theme: ConfigProviderProps['theme'] = {
  token: {
    colorPrimary: '#1f5fa8',
    screenMD: 768,
    screenMDMin: 768,
    screenSMMax: 767,
    screenLG: 992,
    screenLGMin: 992,
    screenMDMax: 991,
    screenXL: 1200,
    screenXLMin: 1200,
    screenLGMax: 1199,
    zIndexPopupBase: 1050,
  },
  components: {
    // Toasts ease in and out over 300 ms (DOMAIN §14).
    Notification: { motionDurationMid: '0.3s' },
    Layout: { headerBg: '#ffffff', headerPadding: '0 16px', footerPadding: '16px' },
  },
};
