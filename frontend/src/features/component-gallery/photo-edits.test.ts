import { describe, expect, it } from 'vitest';

import { editedName, sendSize, turn, turnedSize } from './photo-edits';

describe('the photo editor', () => {
  it('turns by quarters both ways', () => {
    expect(turn(0, 1)).toBe(1);
    expect(turn(3, 1)).toBe(0);
    expect(turn(0, -1)).toBe(3);
  });

  it('swaps width and height on a quarter turn', () => {
    expect(turnedSize(4000, 3000, 1)).toEqual({ width: 3000, height: 4000 });
    expect(turnedSize(4000, 3000, 2)).toEqual({ width: 4000, height: 3000 });
  });

  it('shrinks to 1600 px on the long side, never enlarges', () => {
    expect(sendSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(sendSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(sendSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('names the edited photo after the original', () => {
    expect(editedName('P12-pile-cap.png')).toBe('P12-pile-cap-edited.jpg');
    expect(editedName('.png')).toBe('photo-edited.jpg');
  });
});
