/** Growth monitoring: WHO Child Growth Standards z-scores and reference curves (the raw tables stay private). */
export * from './zscores.ts';
