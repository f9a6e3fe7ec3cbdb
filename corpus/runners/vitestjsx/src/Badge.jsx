// A user's badge: admins who are active get a star, the rest their role.
export function Badge({ user, compact }) {
  const star = user.admin && user.active && !compact;
  return (
    <span className={star ? 'badge star' : 'badge'} title={`${user.name} &amp; co`} data-id={user.id}>
      {star ? <b>&#9733;</b> : user.role}
      {user.note && !compact && <i> ({user.note})</i>}
    </span>
  );
}

export function Badges({ users, ...rest }) {
  return (
    <>
      {/* one badge per user */}
      {users.map((u) => <Badge key={u.id} user={u} {...rest} />)}
    </>
  );
}
