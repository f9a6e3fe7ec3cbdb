export const helper = () => true;
