import { describe, expect, it } from 'vitest';
import { missingReadMessage } from '../../../shared/resources/roles.js';
import { everyPermission, togglePermissions } from './permission-matrix.js';

describe('togglePermissions', () => {
  it('ticks the area read along with write, delete or a workflow action', () => {
    expect(togglePermissions([], ['colors:write'], true)).toEqual(['colors:read', 'colors:write']);
    expect(togglePermissions(['clients:read'], ['colors:delete'], true)).toEqual([
      'clients:read',
      'colors:read',
      'colors:delete',
    ]);
    expect(togglePermissions([], ['purchaseOrders:approve'], true)).toEqual([
      'purchaseOrders:read',
      'purchaseOrders:approve',
    ]);
  });

  it('unticks every action of the area along with its read, and only those', () => {
    const granted = ['colors:read', 'colors:write', 'colors:delete', 'sizes:read', 'sizes:write'];
    expect(togglePermissions(granted, ['colors:read'], false)).toEqual([
      'sizes:read',
      'sizes:write',
    ]);
  });

  it('unticks write alone, keeping read', () => {
    expect(togglePermissions(['colors:read', 'colors:write'], ['colors:write'], false)).toEqual([
      'colors:read',
    ]);
  });

  it('keeps the catalogue order, whatever order things were ticked in', () => {
    const ticked = togglePermissions(['users:read'], ['clients:write'], true);
    expect(ticked).toEqual(['clients:read', 'clients:write', 'users:read']);
  });

  it('never leaves an action without its read, whatever is ticked or unticked', () => {
    let granted: string[] = [];
    // Walk the whole catalogue ticking and unticking, in an order that mixes areas and actions.
    const steps = everyPermission.flatMap((permission, i) => [
      { permissions: [permission], on: true },
      { permissions: [everyPermission[(i * 7) % everyPermission.length]!], on: i % 3 === 0 },
    ]);
    for (const step of steps) {
      granted = togglePermissions(granted, step.permissions, step.on);
      expect(missingReadMessage(granted)).toBeUndefined();
    }
  });
});
