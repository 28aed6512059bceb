if [[ 1 -eq 1 ]] then
  echo 3
