gets
raise 'no answer'
