/** A height and a weight as every page shows them: '102.5 cm', '16 kg' (one decimal at most, as entered). */
export const heightText = (cm: number) => `${Number(cm.toFixed(1))} cm`;
export const weightText = (kg: number) => `${Number(kg.toFixed(1))} kg`;
