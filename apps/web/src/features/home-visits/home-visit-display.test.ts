import { describe, expect, it } from 'vitest';
import {
  accuracyText,
  categoryText,
  distanceFromHome,
  filesCountText,
  minutesText,
  placeNameToShow,
  statusTag,
  studentOptions,
} from './home-visit-display.ts';

describe('status', () => {
  it('tags an approved visit Within Range and a pending one outside the range Location Warning', () => {
    expect(statusTag({ status: 'APPROVED', isWithinRange: true })).toBe('Within Range');
    expect(statusTag({ status: 'PENDING', isWithinRange: false })).toBe('Location Warning');
    expect(statusTag({ status: 'PENDING', isWithinRange: null })).toBeNull();
    expect(statusTag({ status: 'REJECTED', isWithinRange: false })).toBeNull();
  });
});

describe('distanceFromHome', () => {
  it('is metres, green within range and red outside', () => {
    expect(distanceFromHome({ distanceFromHome: 12.4, isWithinRange: true })).toEqual({
      text: '12 m',
      color: 'green',
    });
    expect(distanceFromHome({ distanceFromHome: 1534.6, isWithinRange: false })).toEqual({
      text: '1,535 m',
      color: 'red',
    });
  });

  it("is 'Location not verified' without a distance", () => {
    expect(distanceFromHome({ distanceFromHome: null, isWithinRange: null })).toEqual({
      text: 'Location not verified',
      color: 'dimmed',
    });
  });
});

describe('texts', () => {
  it('shows categories with spaces for underscores', () => {
    expect(categoryText('HOME_BASE')).toBe('HOME BASE');
    expect(categoryText('SURVIVAL_PROGRAM')).toBe('SURVIVAL PROGRAM');
  });

  it('shows accuracy, minutes and file counts', () => {
    expect(accuracyText(12.6)).toBe('±13 m');
    expect(minutesText(60)).toBe('60 minutes');
    expect(minutesText(90)).toBe('90 minutes');
    expect(minutesText(1)).toBe('1 minute');
    expect(filesCountText(1)).toBe('1 file');
    expect(filesCountText(0)).toBe('0 files');
  });
});

describe('studentOptions', () => {
  it("lists home-base students only, as 'First Last (age)', by name", () => {
    expect(
      studentOptions([
        { id: '1', firstName: 'Zara', lastName: 'Perera', age: 2, category: 'HOME_BASE' },
        { id: '2', firstName: 'Ana', lastName: 'Silva', age: 5, category: 'CENTER_BASE' },
        { id: '3', firstName: 'Ben', lastName: 'Raj', age: 1, category: 'HOME_BASE' },
        { id: '4', firstName: 'Mina', lastName: 'Das', age: 0, category: 'SURVIVAL_PROGRAM' },
      ]),
    ).toEqual([
      { value: '3', label: 'Ben Raj (1)' },
      { value: '1', label: 'Zara Perera (2)' },
    ]);
  });
});

describe('placeNameToShow', () => {
  it('is the name, unless it is only the coordinates as text', () => {
    expect(placeNameToShow({ latitude: 9.66, longitude: 80.02, name: ' Main Street ' })).toBe('Main Street');
    expect(placeNameToShow({ latitude: 9.66, longitude: 80.02, name: '9.660000, 80.020000' })).toBe('');
    expect(placeNameToShow({ latitude: 9.66, longitude: 80.02, name: null })).toBe('');
  });
});
