// @vitest-environment jsdom
// Unit tests of the self-clearing status message: successes go after their delay, errors stay until replaced.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTransientMessage } from './use-transient-message.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useTransientMessage', () => {
  it('clears a success message after the delay, not before', () => {
    const { result } = renderHook(() => useTransientMessage(4000));
    act(() => result.current.showSuccess('Saved!'));
    expect(result.current.message).toEqual({ kind: 'success', text: 'Saved!' });
    act(() => vi.advanceTimersByTime(3999));
    expect(result.current.message?.text).toBe('Saved!');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.message).toBeNull();
  });

  it('keeps an error until the next message or clear', () => {
    const { result } = renderHook(() => useTransientMessage(3000));
    act(() => result.current.showError('Failed'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.message).toEqual({ kind: 'error', text: 'Failed' });
    act(() => result.current.clear());
    expect(result.current.message).toBeNull();
  });

  it('an error replacing a pending success is not cleared by the old timer', () => {
    const { result } = renderHook(() => useTransientMessage(3000));
    act(() => result.current.showSuccess('Saved!'));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.showError('Failed'));
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.message).toEqual({ kind: 'error', text: 'Failed' });
  });

  it('a new success restarts the delay', () => {
    const { result } = renderHook(() => useTransientMessage(3000));
    act(() => result.current.showSuccess('First'));
    act(() => vi.advanceTimersByTime(2500));
    act(() => result.current.showSuccess('Second'));
    act(() => vi.advanceTimersByTime(2500));
    expect(result.current.message?.text).toBe('Second');
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.message).toBeNull();
  });
});
