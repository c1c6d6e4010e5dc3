import {
  CalendarOutlined,
  CloseCircleFilled,
  DownOutlined,
  LoadingOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import type { ConfigProviderProps } from 'antd';
import { createElement } from 'react';
import { messages } from '../../shared/messages.js';

/**
 * antd's validation texts, set once for every form (DOMAIN §14). Most fields validate with the
 * shared zod schemas (zod-rule.ts), which use the same wording; these cover antd's own
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

/**
 * Where a form takes the user to a wrong field, on Salvar and on the server's answer: to the
 * middle of the screen, clear of the sticky 64 px header (antd's default, the nearest edge, left
 * it under the header; "if needed" took a field under the header for visible), and focused.
 */
export const scrollToError = { block: 'center', scrollMode: 'always', focus: true } as const;

/*
 * antd gives screen readers English: its icons are named "down", "calendar", "close-circle", its
 * clear buttons "Clear". Icons that only decorate an input are hidden from them, and every clear
 * button is named "Limpar".
 */

/** `allowClear` of every clearable input and select (a bare `allowClear` would say "Clear"). */
export const allowClear = {
  clearIcon: createElement(CloseCircleFilled, { 'aria-label': messages.clear }),
  label: messages.clear,
};

/**
 * Select's arrow, spinner and magnifier (shown while searching), for every select. antd takes
 * the magnifier only with `showSearch`, so a select is searchable unless it says
 * `showSearch={false}`.
 */
export const select: ConfigProviderProps['select'] = {
  suffixIcon: createElement(DownOutlined, { 'aria-hidden': true }),
  loadingIcon: createElement(LoadingOutlined, { spin: true, 'aria-hidden': true }),
  showSearch: { searchIcon: createElement(SearchOutlined, { 'aria-hidden': true }) },
};

/** The date picker's calendar icon, for every date field. */
export const datePicker: ConfigProviderProps['datePicker'] = {
  suffixIcon: createElement(CalendarOutlined, { 'aria-hidden': true }),
};

/**
 * Breakpoints 768 / 992 / 1200 px and the dropdown layer at z-index 1050 (DOMAIN §14). Links in
 * the primary blue, and secondary text, descriptions and placeholders at 57 % black (#6e6e6e on
 * white, 5.1:1), where antd's defaults (#1677ff, 45 % black) fail WCAG AA's 4.5:1 (Lighthouse,
 * bench/README.md "lighthouse").
 */
export const theme: ConfigProviderProps['theme'] = {
  token: {
    colorPrimary: '#1f5fa8',
    colorLink: '#1f5fa8',
    colorTextSecondary: 'rgba(0, 0, 0, 0.57)',
    colorTextDescription: 'rgba(0, 0, 0, 0.57)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
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
