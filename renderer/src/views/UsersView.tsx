import { useEffect, useId, type CSSProperties } from 'react';
import { ROLES, type Role } from '../../../shared/api/user';
import type { Snapshot } from '../../../shared/snapshot';
import { DataGapNotice } from '../components/DataGapNotice';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading } from '../components/Loading';
import { NotApplicable, UnknownValue } from '../components/MissingValue';
import { Pager } from '../components/Pager';
import { ROLE_LABEL } from '../model/role-label';
import { useUsersStore } from '../stores/users-store';

const INVITE: Record<string, string> = { invited: 'Invited, not accepted yet', invite_accepted: 'Accepted' };

function UsersList() {
  const { query, view, loading, error, setQuery, load } = useUsersStore();
  const ids = { search: useId(), enabled: useId(), sort: useId(), order: useId() };
  useEffect(() => {
    void load();
  }, [load]);
  const roles = query.role ?? [];
  const toggleRole = (role: Role) => {
    const next = roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role];
    void setQuery({ role: next.length > 0 ? next : undefined });
  };
  return (
    <>
      <div className="filters" role="search" aria-label="Filter users">
        <span className="pair">
          <label htmlFor={ids.search}>Search</label>
          <input id={ids.search} type="search" maxLength={100} placeholder="Name or e-mail" value={query.search ?? ''} onChange={(e) => void setQuery({ search: e.target.value || undefined })} />
        </span>
        <span className="pair">
          <label htmlFor={ids.enabled}>State</label>
          <select
            id={ids.enabled}
            value={query.enabled === undefined ? 'all' : query.enabled ? 'enabled' : 'disabled'}
            onChange={(e) => void setQuery({ enabled: e.target.value === 'all' ? undefined : e.target.value === 'enabled' })}
          >
            <option value="all">All</option>
            <option value="enabled">Enabled</option>
            <option value="disabled">Disabled</option>
          </select>
        </span>
        <fieldset className="inline">
          <legend>Roles</legend>
          {ROLES.map((r) => (
            <label key={r} className="check">
              <input type="checkbox" checked={roles.includes(r)} onChange={() => toggleRole(r)} /> {ROLE_LABEL[r]}
            </label>
          ))}
        </fieldset>
        <span className="pair">
          <label htmlFor={ids.sort}>Sort by</label>
          <select id={ids.sort} value={query.sort_by ?? 'name'} onChange={(e) => void setQuery({ sort_by: e.target.value as 'name' | 'role' })}>
            <option value="name">Name</option>
            <option value="role">Role</option>
          </select>
        </span>
        <span className="pair">
          <label htmlFor={ids.order}>Order</label>
          <select id={ids.order} value={query.sort_order} onChange={(e) => void setQuery({ sort_order: e.target.value as 'ascending' | 'descending' })}>
            <option value="ascending">Ascending</option>
            <option value="descending">Descending</option>
          </select>
        </span>
      </div>
      {error && <ErrorNotice what="Could not load the users" error={error} onRetry={() => void load()} />}
      {!view?.gapsMessage && <DataGapNotice kinds={['user', 'user_member', 'user_zone_id']} />}
      {!view && !error && <Loading what="users" />}
      {view && (
        <>
          <p className="muted small">
            {view.info.current} of {view.info.allowed} users allowed by the plan.
          </p>
          {view.gapsMessage && (
            <p className="notice" role="note">
              {view.gapsMessage}
            </p>
          )}
          {view.users.length === 0 ? (
            <EmptyState>No user matches.</EmptyState>
          ) : (
            <table className="table stack" style={{ '--stack-cols': 4 } as CSSProperties} aria-busy={loading}>
              <caption className="visually-hidden">Team members</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">Invite</th>
                  <th scope="col" className="num">Zones</th>
                </tr>
              </thead>
              <tbody>
                {view.users.map((u) => (
                  <tr key={u.user_id}>
                    <th scope="row">
                      {u.name ?? <UnknownValue />}
                      {u.is_current_user && <span className="badge">you</span>}
                      <div className="muted small">{u.email ?? <UnknownValue />}</div>
                    </th>
                    <td>
                      {u.role === undefined ? <UnknownValue /> : ROLE_LABEL[u.role]}
                      {u.is_last_admin && <div className="muted small">last admin</div>}
                    </td>
                    <td>{u.enabled === undefined ? <UnknownValue /> : u.enabled ? 'Enabled' : 'Disabled'}</td>
                    <td>{u.invite_status === undefined ? <UnknownValue /> : (INVITE[u.invite_status] ?? u.invite_status)}</td>
                    <td className="num">{u.zones ? u.zones.length : <NotApplicable title="Admins and billing admins see every zone; the service lists zones only for collaborators." />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={view.pagination.current_page} pages={view.pagination.total_pages} label="Users" onPage={(page) => void setQuery({ page })} />
        </>
      )}
    </>
  );
}

export function UsersView({ snapshot }: { snapshot: Snapshot }) {
  const role = snapshot.account.data?.user.role ?? snapshot.discovery.role;
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">Users</h1>
      {role === null ? (
        <Loading what="the account" />
      ) : role !== 'admin' ? (
        <p className="notice" role="note">
          Only admin keys can see the team’s users. This key’s role is {ROLE_LABEL[role]}; ask an admin of the account, or use an admin key in Settings.
        </p>
      ) : (
        <UsersList />
      )}
    </section>
  );
}
