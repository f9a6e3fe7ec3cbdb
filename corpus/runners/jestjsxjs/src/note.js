const { jsx } = require('react/jsx-runtime');

// CommonJS with JSX: a note shown only when there is text and it is not hidden.
function Note(props) {
  return props.text && !props.hidden ? <p role="note">{props.text}</p> : null;
}

module.exports = { Note, plain: (t) => jsx('p', { children: t }) };
