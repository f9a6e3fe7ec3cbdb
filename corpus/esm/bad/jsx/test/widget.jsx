export const Widget = () => <i>w</i>;
