{ print $1 + }
