export const view = (name: string) => <b>{name}</b>;
