print 1 +;
