import { describe, expect, it } from 'vitest';
import { createSubmissionKeys, randomKey, submissionIdentity } from './submission-keys.js';

function keys() {
  let clock = 1_000_000;
  let counter = 0;
  const subject = createSubmissionKeys(
    () => clock,
    () => `key-${++counter}`,
  );
  return { subject, tick: (ms: number) => (clock += ms) };
}

const receive = submissionIdentity('/api/v1/purchase-orders/7/receive', { lines: [1] });
const other = submissionIdentity('/api/v1/purchase-orders/8/receive', { lines: [1] });

describe('submission keys', () => {
  it('gives an identical POST sent while the first is unanswered the same key', () => {
    const { subject } = keys();
    expect(subject.keyFor(receive)).toBe('key-1');
    expect(subject.keyFor(receive)).toBe('key-1');
    expect(subject.keyFor(other)).toBe('key-2');
    expect(subject.keyFor(submissionIdentity('/api/v1/purchase-orders/7/receive', {}))).toBe(
      'key-3',
    );
  });

  it('keeps the key a double click needs for 2 seconds after the answer, then starts anew', () => {
    const { subject, tick } = keys();
    const key = subject.keyFor(receive);
    tick(40);
    subject.answered(receive, key, 'done');
    tick(300);
    expect(subject.keyFor(receive)).toBe(key);
    tick(2000);
    expect(subject.keyFor(receive)).toBe('key-2');
  });

  it('starts anew right after a refusal, so a retry after fixing its cause is not refused again', () => {
    const { subject, tick } = keys();
    const key = subject.keyFor(receive);
    tick(40);
    subject.answered(receive, key, 'refused');
    tick(300);
    expect(subject.keyFor(receive)).toBe('key-2');
  });

  it('keeps the key after no answer or a 5xx, so a retry replays instead of acting twice', () => {
    const { subject, tick } = keys();
    const key = subject.keyFor(receive);
    subject.answered(receive, key, 'unknown');
    tick(60 * 60 * 1000);
    expect(subject.keyFor(receive)).toBe(key);
    tick(12 * 60 * 60 * 1000);
    expect(subject.keyFor(receive)).toBe('key-2');
  });

  it("does not let a later submission's answer release another key", () => {
    const { subject, tick } = keys();
    const first = subject.keyFor(receive);
    subject.answered(receive, 'some-other-key', 'done');
    tick(5000);
    expect(subject.keyFor(receive)).toBe(first);
  });

  it('makes UUIDs of the server-accepted form without crypto.randomUUID', () => {
    const key = randomKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomKey()).not.toBe(key);
  });
});
