global.X = 1;
