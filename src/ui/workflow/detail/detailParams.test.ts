import { describe, expect, it } from 'vitest';
import { readDetailParams, writeDetailParams } from './detailParams';

describe('the DAG page URL', () => {
  it('names the run, task, try and the log tab, as the issue asks', () => {
    expect(readDetailParams(new URLSearchParams('run=manual__1&task=extract.load&try=2&tab=logs'))).toEqual({
      tab: 'grid', taskTab: 'logs', runId: 'manual__1', taskId: 'extract.load', tryNumber: 2,
    });
  });
  it('takes unknown tabs and bad tries as the defaults', () => {
    expect(readDetailParams(new URLSearchParams('tab=nope&try=0'))).toMatchObject({ tab: 'grid', taskTab: 'details', tryNumber: null });
    expect(readDetailParams(new URLSearchParams('try=abc'))).toMatchObject({ tryNumber: null });
  });
  it('a new task forgets the try; the default tab stays out of the URL', () => {
    const at = new URLSearchParams('run=r1&task=a&try=3&tab=logs');
    expect(writeDetailParams(at, { taskId: 'b' }).toString()).toBe('run=r1&task=b&tab=logs');
    expect(writeDetailParams(at, { taskTab: 'details' }).toString()).toBe('run=r1&task=a&try=3');
    expect(writeDetailParams(at, { tab: 'code' }).toString()).toBe('run=r1&task=a&try=3&tab=code');
  });
});
