grammar Expr;
prog: stat+ ;
stat: expr NEWLINE | ID '=' expr NEWLINE | 'print' '(' args? ')' NEWLINE | NEWLINE ;
args: expr (',' expr)* ;
expr: expr ('*'|'/'|'%') expr
    | expr ('+'|'-') expr
    | expr ('<'|'>'|'<='|'>='|'=='|'!=') expr
    | '-' expr
    | ID '(' args? ')'
    | INT | FLOAT | STRING | ID
    | '(' expr ')'
    ;
ID : [a-zA-Z_][a-zA-Z_0-9]* ;
INT : [0-9]+ ;
FLOAT : [0-9]+ '.' [0-9]* ;
STRING : '"' (~["\\] | '\\' .)* '"' ;
NEWLINE : '\r'? '\n' ;
COMMENT : '//' ~[\r\n]* -> skip ;
WS : [ \t]+ -> skip ;
