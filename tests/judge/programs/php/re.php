<?php
fgets(STDIN);
throw new RuntimeException('no answer');
