export default { x: ÿ`${1 };
