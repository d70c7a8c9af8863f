import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UsersView } from '../../../../renderer/src/views/UsersView';
import { fakeApi } from '../fake-api';
import { snapshotWith } from '../samples';

afterEach(cleanup);

describe('UsersView', () => {
  it('tells a collaborator plainly that only admin keys see the users, and asks nothing of the service', () => {
    const api = fakeApi().install();
    render(<UsersView snapshot={snapshotWith([], 'collaborator')} />);
    expect(screen.getByRole('note').textContent).toContain('Only admin keys can see the team’s users. This key’s role is Collaborator');
    expect(api.calls).toEqual([]);
  });
});
